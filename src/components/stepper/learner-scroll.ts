/**
 * Whether the learner has scrolled themselves since they last gave a stepper a command. While
 * they have, a stepper that plays on leaves the page (and its own scroll box) where they put it
 * instead of pulling it back to the panel each step changed; following resumes with their next
 * command (a tap, a click or a key inside a stepper). State, not time: no "recently" window.
 */
import { keyBelongsToField } from './stepper-keys.ts';

// the keys a browser scrolls a page with, when nothing on the page took them first
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', ' ', 'Home', 'End']);

const watched = new WeakSet<Window>();
let scrolledByLearner = false;

/** True when `e` happened inside a stepper (custom elements render one in a shadow root: the composed path crosses into it). */
export function insideStepper(e: Event): boolean {
  return e.composedPath().some((t) => t instanceof Element && t.hasAttribute('data-stepper'));
}

/** Starts watching `win` for the learner's own scrolling (once per window; idempotent). */
export function watchLearnerScroll(win: Window = window): void {
  if (watched.has(win)) return;
  watched.add(win);
  const passive = { capture: true, passive: true } as const;
  const moved = () => {
    scrolledByLearner = true;
  };
  win.addEventListener('wheel', moved, passive);
  win.addEventListener('touchmove', moved, passive);
  // a command to a stepper, seen on the way down, before the stepper acts on it
  const commanded = (e: Event) => {
    if (insideStepper(e)) scrolledByLearner = false;
  };
  win.addEventListener('pointerdown', commanded, passive);
  win.addEventListener('keydown', commanded, { capture: true });
  // on the way up: a key the stepper (or a field) took is no scroll; one nobody took scrolls
  win.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !SCROLL_KEYS.has(e.key)) return;
    if (keyBelongsToField(e.composedPath()[0] ?? null, e.key)) return;
    scrolledByLearner = true;
  });
}

/** True when the learner scrolled after their last command to a stepper. */
export function learnerHasScrolled(): boolean {
  return scrolledByLearner;
}
