import { useEffect, type RefObject } from 'react';
import type { SimulatorLoader } from '../../stepper/index.ts';
import { whenIdle } from '../../loading/index.ts';

/**
 * Fetches the simulator while the learner reads, so their first new run rarely waits: once the
 * stepper is on screen (or within a screen of it) and the browser is idle. Not before: running
 * the simulator's chunk is one long task, and a phone reading the lesson's opening, far above
 * the stepper, would pay it (as blocking time) for a stepper it has not reached.
 */
export function useSimulatorPrefetch(
  root: RefObject<HTMLElement | null>,
  loader: SimulatorLoader,
  skip: boolean,
): void {
  useEffect(() => {
    if (skip || loader.current()) return;
    const fetchIt = () => void loader.load().catch(() => {});
    const el = root.current;
    if (!el || typeof IntersectionObserver === 'undefined') return whenIdle(fetchIt);
    let cancel: (() => void) | null = null;
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        cancel = whenIdle(fetchIt);
      },
      { rootMargin: '100% 0px' },
    );
    seen.observe(el);
    return () => {
      seen.disconnect();
      cancel?.();
    };
  }, [root, loader, skip]);
}
