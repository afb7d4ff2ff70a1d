import { useEffect, type RefObject } from 'react';

/**
 * A `<details>` the build prerendered can be opened by a click before its island hydrates;
 * the toggle event then fires before React listens, and the state stays "closed" while the
 * box shows open and empty. Once mounted, this reads what the box really is and reports it.
 */
export function useOpenedBeforeHydration(
  details: RefObject<HTMLDetailsElement | null>,
  onOpen: (open: boolean) => void,
): void {
  useEffect(() => {
    if (details.current?.open) onOpen(true);
    // only on mount: later toggles reach onToggle
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
