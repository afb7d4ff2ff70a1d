import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * A `<details>` the build prerendered can be opened by a click before its island hydrates;
 * the toggle event then fires before React listens, and the state stays "closed" while the
 * box shows open and empty. Once mounted, this reads what the box really is and reports it.
 */
export function useOpenedBeforeHydration(
  details: RefObject<HTMLDetailsElement | null>,
  onOpen: (open: boolean) => void,
): void {
  // read once the box is mounted: later toggles reach onToggle, so a new onOpen asks nothing
  const report = useEffectEvent(() => {
    if (details.current?.open) onOpen(true);
  });
  useEffect(() => report(), []);
}
