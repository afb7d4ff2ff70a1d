/**
 * Keeping the learner's place in view while they step: the lit line inside its listing, and
 * the panel a step changed inside whatever scrolls the stepper (the sticky stepper's own box
 * on a wide screen, the page on a phone), below the pinned deck of controls.
 * Only scroll offsets are written, and each only when its target is out of view, so a step
 * that needs no scrolling costs one read of positions the paint needs anyway.
 */
import type { StepEvent } from '../../machines/trace-source.ts';

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

/** Scrolls `line` into view inside `pre` (its own scroll box), by the least distance. */
export function keepLineInView(pre: HTMLElement, line: HTMLElement): void {
  const box = pre.getBoundingClientRect();
  const r = line.getBoundingClientRect();
  const pad = r.height; // one line of context above and below
  if (r.top < box.top + pad) pre.scrollTop -= box.top + pad - r.top;
  else if (r.bottom > box.bottom - pad) pre.scrollTop += r.bottom - (box.bottom - pad);
}

// the scroll box is found once per panel: walking computed styles on every step costs time
const scrollers = new WeakMap<HTMLElement, HTMLElement | null>();
function scrollerOf(el: HTMLElement): HTMLElement | null {
  if (scrollers.has(el)) {
    const known = scrollers.get(el)!;
    if (known === null || known.scrollHeight > known.clientHeight) return known;
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

/**
 * Scrolls the stepper's scroller so `panel` shows in the band below `deck` (the pinned
 * controls), by the least distance; a panel taller than the band shows its top. The page itself
 * is scrolled only while the stepper is on screen, so a learner who has read on is left alone.
 */
export function keepPanelInView(panel: HTMLElement, deck: HTMLElement): void {
  const scroller = scrollerOf(panel);
  const view = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  // the band the learner sees: below the deck, above the end of the scroller and the window
  const top = Math.max(view.top, 0, deck.getBoundingClientRect().bottom);
  const bottom = Math.min(view.bottom, window.innerHeight);
  const r = panel.getBoundingClientRect();
  let by = 0;
  if (r.top < top || r.height > bottom - top) by = r.top - top;
  else if (r.bottom > bottom) by = r.bottom - bottom;
  if (Math.abs(by) < 1) return;
  if (scroller) {
    scroller.scrollTop += by;
  } else {
    // the stepper itself, not the deck's parent: that may be a box-less (display: contents) scope
    const root = deck.closest<HTMLElement>('[data-stepper]')?.getBoundingClientRect();
    if (!root || root.bottom < 0 || root.top > window.innerHeight) return;
    // instant: the page's smooth scrolling is for its anchor links, a step must land at once
    window.scrollBy({ top: by, behavior: 'instant' });
  }
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
