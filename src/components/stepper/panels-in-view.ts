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
import { scrollerOf } from './keep-in-view.ts';

/** How long the stepper must stay on a step before the panels out of view show it. */
export const REST_MS = 150;

// A panel is in view once any of it shows in its scroll box and the window, below the pinned
// deck. No margin: one the learner scrolls towards while it plays shows its step a frame after
// its edge appears, and a margin wide enough to hide that would keep the panel under the one in
// view updating too.
const NEAR = '0px';

const NONE: ReadonlySet<string> = new Set();

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * The `data-panel` names, among the children of `grid`, that are out of view (and the
 * `data-panel-part` names of the parts of a panel that wait on their own): off the screen,
 * or wholly under `deck`, the pinned controls (the panels scroll under it, and it hides them as
 * the screen's edge does). Empty until the browser has said (on the first render, in hydration,
 * where there is no IntersectionObserver): a panel not known to be out of view is treated as in
 * view. `panels` names the panels rendered now, so a panel that comes or goes is observed afresh.
 */
export function usePanelsOutOfView(
  grid: RefObject<HTMLElement | null>,
  panels: string,
  deck?: RefObject<HTMLElement | null>,
): ReadonlySet<string> {
  const [out, setOut] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    const el = grid.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const targets = [...el.querySelectorAll<HTMLElement>('[data-panel], [data-panel-part]')];
    // what each observer last said of each panel; one not yet said of counts as in view
    const onScreen = new Map<Element, boolean>();
    const belowDeck = new Map<Element, boolean>();
    const report = () => {
      const next = new Set<string>();
      for (const t of targets) {
        const name = t.dataset.panel ?? t.dataset.panelPart;
        if (name && (onScreen.get(t) === false || belowDeck.get(t) === false)) next.add(name);
      }
      setOut((was) => (sameSet(was, next) ? was : next));
    };
    const noting = (seen: Map<Element, boolean>) => (entries: IntersectionObserverEntry[]) => {
      for (const e of entries) seen.set(e.target, e.isIntersecting);
      report();
    };
    // rootMargin widens the window; scrollMargin the scroll boxes between (the sticky
    // stepper's own), where a browser knows it (others see a panel when it is on screen)
    const screen = new IntersectionObserver(noting(onScreen), {
      rootMargin: NEAR,
      scrollMargin: NEAR,
    } as IntersectionObserverInit);
    for (const t of targets) screen.observe(t);

    // The deck sticks to the top of what scrolls the panels (the stepper's own box, or the
    // page): a second observer of that box, its top cut by the deck's height, says which panels
    // show below the deck. The deck's height follows the narration, and the cut is its least
    // height seen at its present width: a cut too short leaves a panel hidden under the deck
    // counted as in view (a wasted render), never one the learner can see counted as hidden. A
    // new width (a resized window) wraps the words anew, and may move the panels to another
    // scroller (the page on a phone): the observer starts again from the deck as it is then.
    const pinned = deck?.current;
    let under: IntersectionObserver | null = null;
    let cut = Infinity;
    let width = -1;
    const watchUnder = (height: number, w: number) => {
      if (!pinned || (height >= cut && w === width)) return;
      under?.disconnect();
      belowDeck.clear();
      cut = Math.floor(height);
      width = w;
      under = new IntersectionObserver(noting(belowDeck), {
        // the stepper's box, or the document's own window (in a frame too: never the host's)
        root: scrollerOf(el) ?? document,
        rootMargin: `${-cut}px 0px 0px 0px`,
      });
      for (const t of targets) under.observe(t);
      report();
    };
    // told of the deck's size after each layout that changes it (and once at the start), so
    // nothing here reads the layout while a step renders
    const sized =
      pinned && typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver((entries) => {
            const box = entries.at(-1)?.borderBoxSize?.[0];
            if (box) watchUnder(box.blockSize, box.inlineSize);
          })
        : null;
    if (sized && pinned) sized.observe(pinned);
    return () => {
      screen.disconnect();
      under?.disconnect();
      sized?.disconnect();
      setOut(NONE);
    };
  }, [grid, panels, deck]);
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
