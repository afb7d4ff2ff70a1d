/**
 * Keeping the learner's place in view while they step: the lit line inside its listing, and
 * the panel a step changed inside whatever scrolls the stepper (the sticky stepper's own box
 * on a wide screen, the page on a phone), below the pinned deck of controls.
 * Only scroll offsets are written, and each only when its target is out of view, so a step
 * that needs no scrolling costs one read of positions the paint needs anyway.
 */
import type { StepEvent } from '../../stepper/index.ts';
import { holdInBurst, inBurst, noteStep } from './burst-landing.ts';
import {
  glideWhenFree,
  isGliding,
  pointerPressed,
  shiftGlide,
  watchPresses,
} from './glide-hold.ts';
import { learnerHasScrolled, watchLearnerScroll } from './learner-scroll.ts';
import { watchMovedClicks } from './moved-clicks.ts';

/** The panels a step can change, by the `data-panel` name each carries. */
export const PANELS = ['argv', 'clock', 'members', 'keyspace', 'reply'] as const;
export type PanelName = (typeof PANELS)[number];

/** The panel the step just taken changed (the one to bring into view), or null. */
export function panelOf(
  event: StepEvent,
  changedKeyspace: boolean,
  ended: boolean,
): PanelName | null {
  if (ended || event.kind === 'reply') return 'reply';
  switch (event.kind) {
    case 'check':
    case 'verdict':
    case 'collect':
    case 'rescore':
    case 'stamp':
      return changedKeyspace ? 'keyspace' : 'members';
    case 'clock':
      return 'clock';
    case 'args':
    case 'loop':
    case 'pair':
    case 'advance':
      return 'argv';
    default:
      return changedKeyspace ? 'keyspace' : null;
  }
}

/**
 * Scrolls `line` into view inside `pre` (its own scroll box), by the least distance; not once the
 * learner has scrolled themselves since their last command (they may be reading another line).
 */
export function keepLineInView(pre: HTMLElement, line: HTMLElement): void {
  watchLearnerScroll();
  if (learnerHasScrolled()) return;
  const box = pre.getBoundingClientRect();
  const r = line.getBoundingClientRect();
  const pad = r.height; // one line of context above and below
  if (r.top < box.top + pad) pre.scrollTop -= box.top + pad - r.top;
  else if (r.bottom > box.bottom - pad) pre.scrollTop += r.bottom - (box.bottom - pad);
}

// the scroll box is found once per panel: walking computed styles on every step costs time.
// A box found before is checked to still scroll, unless `recheck` is false: reading its
// scrollHeight lays the page out, and a caller that runs while React renders (before the step's
// own layout) would make the frame lay out twice.
const scrollers = new WeakMap<HTMLElement, HTMLElement | null>();
/**
 * The box that scrolls `el` inside the page (the sticky stepper's own box on a wide screen), or
 * null where the page itself scrolls it (a phone). It reads the layout: call it outside a render.
 */
export function scrollerOf(el: HTMLElement, recheck = true): HTMLElement | null {
  if (scrollers.has(el)) {
    const known = scrollers.get(el)!;
    if (known === null || !recheck || known.scrollHeight > known.clientHeight) return known;
  }
  let found: HTMLElement | null = null;
  // the body and the root scroll as the page (their overflow is the viewport's), so the walk
  // stops below them
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const oy = getComputedStyle(p).overflowY;
    if ((oy === 'auto' || oy === 'scroll') && p.scrollHeight > p.clientHeight) {
      found = p;
      break;
    }
  }
  scrollers.set(el, found);
  return found;
}

// How far the scroller must move for `panel` to show in the band below `deck` (the pinned
// controls), by the least distance; a panel taller than the band shows its top. Read from the
// layout as it is now. The deck is sticky: until the stepper's top has scrolled past, it rides
// along with the panels, so a landing is aimed at where its bottom will be once it sticks.
function distanceToShow(panel: HTMLElement, deck: HTMLElement, scroller: HTMLElement | null) {
  const box = scroller?.getBoundingClientRect();
  // a box's content scrolls inside its border, and a sticky deck sticks there
  const view =
    box && scroller
      ? {
          top: box.top + scroller.clientTop,
          bottom: box.top + scroller.clientTop + scroller.clientHeight,
        }
      : { top: 0, bottom: window.innerHeight };
  const d = deck.getBoundingClientRect();
  // the band the learner sees now: below the deck, above the end of the scroller and the window
  const top = Math.max(view.top, 0, d.bottom);
  const bottom = Math.min(view.bottom, window.innerHeight);
  const r = panel.getBoundingClientRect();
  // (half a pixel of slack: a landing a fraction short is corrected, not left under the deck)
  if (r.top >= top - 0.5 && (r.bottom <= bottom + 0.5 || Math.abs(r.top - top) <= 0.5)) return 0;
  const pinned = Math.max(view.top, 0) + (parseFloat(getComputedStyle(deck).top) || 0) + d.height;
  if (r.top < top || r.height > bottom - pinned) return r.top - pinned;
  return r.bottom - bottom;
}

// The page (or the stepper's box) as a thing to scroll. Never `scrollIntoView`: inside an embed's
// frame that scrolls the host page too, and the host's page is the host's. `window.scrollTo` in a
// frame moves only the frame's own document (which the auto-height keeps from scrolling at all).
interface Scrolling {
  readonly target: Window | HTMLElement;
  get(): number;
  set(y: number, behavior: ScrollBehavior): void;
}
function scrollingOf(scroller: HTMLElement | null): Scrolling {
  if (scroller)
    return {
      target: scroller,
      get: () => scroller.scrollTop,
      set: (top, behavior) => scroller.scrollTo({ top, behavior }),
    };
  return {
    target: window,
    get: () => window.scrollY,
    set: (top, behavior) => window.scrollTo({ top, behavior }),
  };
}

// Smooth, as `scrollIntoView({behavior: 'smooth'})` is, so the learner sees where the page went;
// at once when they asked for less motion, when the browser cannot say the glide ended, or when
// the last glide has not (stepping fast or playing: each step lands before the next one).
function behaviorFor(s: Scrolling): ScrollBehavior {
  return glides() && !isGliding(s.target) ? 'smooth' : 'instant';
}

/** Whether a landing may glide at all: no less motion asked for, and a browser that says when a
 * glide ended. */
function glides(): boolean {
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return false;
  return 'onscrollend' in window;
}

/**
 * Starts what following needs to watch from the first moment (the learner's own scrolling,
 * presses that hold a glide back, and clicks the page moved away from): call it when a stepper
 * mounts.
 */
export function watchForPlace(win: Window = window): void {
  watchLearnerScroll(win);
  watchPresses(win);
  watchMovedClicks(win);
}

/**
 * Keeps the learner's place in view after a step: the lit line inside its listing (in `deck`,
 * the pinned controls) and `panel`, the one the step changed, if any (see keepPanelInView).
 * The line is looked at on every step, not only when it moved: a step that stays on its line
 * after the learner's own scrolling must still bring it back.
 */
export function keepPlaceInView(deck: HTMLElement, panel: HTMLElement | null): void {
  watchLearnerScroll();
  if (learnerHasScrolled()) return;
  const lit = deck.querySelector<HTMLElement>('[data-line][aria-current="step"]');
  const pre = lit?.closest('pre');
  if (lit && pre) keepLineInView(pre, lit);
  if (panel) keepPanelInView(panel, deck);
}

/**
 * The event a panel gets when a held landing is due. Whoever shows the panel may take the landing
 * (`preventDefault`) and call `detail.land` once the panel shows the step the stepper is on;
 * otherwise the landing is taken at once.
 */
export const LANDING_EVENT = 'stepper-landing';

/** The detail of a {@link LANDING_EVENT}. */
export interface LandingDetail {
  /** Lands on the panel (measuring it as it is then); does nothing once either is gone. */
  land: () => void;
}

/**
 * Whether a step now would not land on `panel` at once (see keepPanelInView): the learner has
 * scrolled themselves, so nothing lands until their next command, or the landing would wait
 * for a burst of steps to pause. Until a landing is taken, a panel out of view need not show
 * the step: a landing sends {@link LANDING_EVENT} to it first.
 */
export function landingWouldWait(panel: HTMLElement): boolean {
  watchLearnerScroll();
  if (learnerHasScrolled()) return true;
  // asked while the panels render: the box a landing used last is the one it would use now
  return glides() && inBurst(scrollingOf(scrollerOf(panel, false)).target);
}

/**
 * Scrolls the stepper's scroller so `panel` shows in the band below `deck` (the pinned
 * controls), by the least distance; a panel taller than the band shows its top. The page itself
 * is scrolled only while the stepper is on screen, and nothing is scrolled once the learner has
 * scrolled themselves since their last command (learner-scroll.ts), so a learner who has read
 * on, or looks elsewhere while it plays, is left alone.
 */
export function keepPanelInView(panel: HTMLElement, deck: HTMLElement): void {
  watchLearnerScroll();
  if (learnerHasScrolled()) return;
  const scroller = scrollerOf(panel);
  const s = scrollingOf(scroller);
  if (distanceToShow(panel, deck, scroller) === 0) return noteStep(s.target);
  if (!scroller) {
    // the stepper itself, not the deck's parent: that may be a box-less (display: contents) scope
    const root = deck.closest<HTMLElement>('[data-stepper]')?.getBoundingClientRect();
    if (!root || root.bottom < 0 || root.top > window.innerHeight) return noteStep(s.target);
  }
  // in a burst of steps a glide would be cancelled by the next step before it moved: the
  // landing waits for the steps to pause (burst-landing.ts), and a glide under way stops where
  // it is, as the next step's measuring used to stop it
  const land = () => {
    if (panel.isConnected && deck.isConnected) keepPanelInView(panel, deck);
  };
  // a panel out of view may still show an earlier step (RunPanels): whoever shows it brings it
  // to the step the stepper is on first, and lands then, so the landing measures what will show
  const later = () => {
    const due = new CustomEvent<LandingDetail>(LANDING_EVENT, {
      bubbles: true,
      cancelable: true,
      detail: { land },
    });
    if (panel.dispatchEvent(due)) land();
  };
  if (glides() && holdInBurst(s.target, later)) return s.set(s.get(), 'instant');
  const from = s.get();
  // Where to land is found by scrolling there at once and reading the layout again, until it
  // holds: the aim (below the deck as it sticks) can still be off where the stepper's end pushes
  // the deck up, or the scroll stops short at the end. No paint happens in between, so the
  // learner sees only where it lands (or the glide there).
  for (let i = 0; i < 3; i++) {
    const by = distanceToShow(panel, deck, scroller);
    if (by === 0) break;
    const was = s.get();
    s.set(was + by, 'instant');
    if (Math.abs(s.get() - was) < 1) break; // at the end of what scrolls
  }
  const to = s.get();
  if (Math.abs(to - from) < 1) return;
  const behavior = behaviorFor(s);
  // never under a pressed pointer: the controls would slide away between press and release
  s.set(from, 'instant');
  let aim = to;
  glideWhenFree({
    target: s.target,
    smooth: behavior !== 'instant',
    go: () => s.set(aim, behavior),
    stay: () => s.set(s.get(), 'instant'),
    aimBy: (by) => {
      aim += by;
      s.set(aim, behavior);
    },
    arrived: () => Math.abs(s.get() - aim) < 1,
  });
}

/**
 * Holds `panel` where it was on screen (its top at `top`, read before the content above it
 * changed its height), as the browser's scroll anchoring would (the stepper turns that off):
 * scrolls what scrolls it by as much as it moved, or aims a glide under way onto it that much
 * further. Not under a pressed pointer, nor once the learner has scrolled themselves.
 */
export function holdPanelAt(panel: HTMLElement, top: number): void {
  watchLearnerScroll();
  if (!panel.isConnected || learnerHasScrolled() || pointerPressed()) return;
  const by = panel.getBoundingClientRect().top - top;
  if (Math.abs(by) < 1) return;
  const s = scrollingOf(scrollerOf(panel));
  if (!shiftGlide(s.target, by)) s.set(s.get() + by, 'instant');
}

/**
 * A link into the stepper arrived (a "Try it", a "Step it", a shared `#stepper?…`): its hash is
 * no element id, so the browser scrolls nowhere. Brings the stepper's home (`home`, else the
 * stepper) to the top of the window when it is not already well in view, and focuses the
 * stepper without a second scroll, so its keys work at once.
 */
export function arriveAt(stepper: HTMLElement, home: HTMLElement | null): void {
  const target = home ?? stepper;
  const r = target.getBoundingClientRect();
  const h = window.innerHeight;
  if (r.top < 0 || r.top > h * 0.25)
    target.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  stepper.focus({ preventScroll: true });
}
