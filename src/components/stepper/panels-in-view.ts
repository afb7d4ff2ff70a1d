/**
 * Which of the stepper's panels the learner can see, so a step renders only those at once.
 *
 * The panels are most of a step's cost (style, layout and paint of their tables and slots), and
 * in the sticky stepper's own scroll box, or on a phone's page, two or three of the six are on
 * screen at a time. While the learner steps fast, plays or scrubs, a panel out of view keeps the
 * step it showed, and shows the step they are on once it comes into view or they rest on a step
 * for {@link REST_MS}: what is on screen is always the step the controls say, a single step or
 * jump is shown whole, and nothing stays behind for longer than a pause (a screen reader reading
 * on finds the step it is on).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How long the stepper must stay on a step before the panels out of view show it. */
export const REST_MS = 150;

// A panel is in view once any of it shows in its scroll box and the window. No margin: one the
// learner scrolls towards while it plays shows its step a frame after its edge appears, and a
// margin wide enough to hide that would keep the panel under the one in view updating too.
const NEAR = '0px';

const NONE: ReadonlySet<string> = new Set();

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * The `data-panel` names, among the children of `grid`, that are out of view (neither on screen
 * nor near it). Empty until the browser has said (on the first render, in hydration, where there
 * is no IntersectionObserver): a panel not known to be out of view is treated as in view.
 * `panels` names the panels rendered now, so a panel that comes or goes is observed afresh.
 */
export function usePanelsOutOfView(
  grid: RefObject<HTMLElement | null>,
  panels: string,
): ReadonlySet<string> {
  const [out, setOut] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    const el = grid.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new Map<Element, boolean>();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) seen.set(e.target, e.isIntersecting);
        const next = new Set<string>();
        for (const [target, visible] of seen) {
          const name = (target as HTMLElement).dataset.panel;
          if (!visible && name) next.add(name);
        }
        setOut((was) => (sameSet(was, next) ? was : next));
      },
      // rootMargin widens the window; scrollMargin the scroll boxes between (the sticky
      // stepper's own), where a browser knows it (others see a panel when it is on screen)
      { rootMargin: NEAR, scrollMargin: NEAR } as IntersectionObserverInit,
    );
    for (const p of el.querySelectorAll('[data-panel]')) io.observe(p);
    return () => {
      io.disconnect();
      setOut(NONE);
    };
  }, [grid, panels]);
  return out;
}

/**
 * Whether the stepper is moving: steps coming less than {@link REST_MS} apart (a key held down,
 * playing, the timeline dragged). It turns true at the second step of a burst and false once no
 * step has come for REST_MS, so a single step or jump is shown whole at once, and the panels out
 * of view wait only while the steps are too fast to read. Only kept while `wanted` (some panel is
 * out of view): otherwise nothing waits on it.
 */
export function useMoving(k: number, run: object, wanted: boolean): boolean {
  const [moving, setMoving] = useState(false);
  // the step the stepper is on and when it got there, for the one timer below to read
  const last = useRef({ k, run, at: -Infinity });
  useEffect(() => {
    const was = last.current;
    if (was.k === k && was.run === run) return;
    const now = performance.now();
    last.current = { k, run, at: now };
    if (wanted && now - was.at < REST_MS) setMoving(true);
  }, [k, run, wanted]);
  // one timer while the stepper moves, not one set and cleared per step: at sixty steps a
  // second those were a millisecond of each frame
  useEffect(() => {
    if (!moving) return;
    let t = 0;
    const check = () => {
      const wait = last.current.at + REST_MS - performance.now();
      if (wait > 0) t = window.setTimeout(check, wait);
      else setMoving(false);
    };
    t = window.setTimeout(check, REST_MS);
    return () => window.clearTimeout(t);
  }, [moving]);
  return moving && wanted;
}
