import { useEffect, type RefObject } from 'react';
import type { OffThreadRuns, SimulatorLoader } from '../../stepper/index.ts';
import { whenIdle } from '../../loading/index.ts';

/**
 * Readies the simulator while the learner reads, so their first new run rarely waits: once the
 * stepper is on screen (or within a screen of it) and the browser is idle. Where the runs are
 * made in a worker, that is starting the worker, whose code loads and runs off the page's
 * thread; the page loads the simulator itself only where no worker can be made, since running
 * its chunk is one long task (up to a second and more on a busy machine). Not before: a phone
 * reading the lesson's opening, far above the stepper, would pay for a stepper it has not
 * reached.
 */
export function useSimulatorPrefetch(
  root: RefObject<HTMLElement | null>,
  loader: SimulatorLoader,
  offThread: OffThreadRuns | undefined,
  skip: boolean,
): void {
  useEffect(() => {
    if (skip || (!offThread && loader.current())) return;
    const fetchIt = offThread ? () => offThread.warm() : () => void loader.load().catch(() => {});
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
  }, [root, loader, offThread, skip]);
}
