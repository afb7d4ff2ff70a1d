/**
 * Clicks the page moved away from. A browser fires a click only when the press and the release
 * land on the same element; when the stepper's controls slide under a pointer that did not
 * move (a glide already under way, a panel above growing, a loaded machine painting late),
 * the learner's click on a step button is lost, and stepping quickly loses one now and then.
 * glide-hold.ts keeps our own scrolling still under a press; this catches whatever else moved:
 * a press on a stepper's button released where the pointer was pressed, with no click on that
 * button, is that button's click. A pointer that moved away before its release is left alone,
 * as a browser leaves it: moving off a button is how a press is taken back.
 */

import { insideStepper } from './learner-scroll.ts';

/** How far (CSS px) a pointer may drift between press and release and still be "the same place". */
const STILL_PX = 4;

interface Press {
  button: HTMLButtonElement;
  x: number;
  y: number;
  clicked: boolean;
}

const watched = new WeakSet<Window>();

// the enabled button pressed inside a stepper, if any
function stepperButtonOf(e: Event): HTMLButtonElement | null {
  if (!insideStepper(e)) return null;
  for (const t of e.composedPath()) {
    if (t instanceof Element && t.hasAttribute('data-stepper')) return null;
    if (t instanceof HTMLButtonElement) return t.disabled ? null : t;
  }
  return null;
}

/** Starts watching `win` (once per window; idempotent): call it when a stepper mounts. */
export function watchMovedClicks(win: Window = window): void {
  if (watched.has(win)) return;
  watched.add(win);
  let press: Press | null = null;
  const opts = { capture: true, passive: true } as const;
  win.addEventListener(
    'pointerdown',
    (e) => {
      // a mouse's click follows its release at once; a touch's tap may come later, on its own
      const button = e.button === 0 && e.pointerType === 'mouse' ? stepperButtonOf(e) : null;
      press = button ? { button, x: e.clientX, y: e.clientY, clicked: false } : null;
    },
    opts,
  );
  win.addEventListener(
    'click',
    (e) => {
      if (press && e.composedPath().includes(press.button)) press.clicked = true;
    },
    opts,
  );
  win.addEventListener(
    'pointerup',
    (e) => {
      const p = press;
      if (!p || Math.hypot(e.clientX - p.x, e.clientY - p.y) > STILL_PX) {
        press = null;
        return;
      }
      // the browser's own click, if it comes, follows this release in the same task
      win.setTimeout(() => {
        if (press === p) press = null;
        if (!p.clicked && p.button.isConnected && !p.button.disabled) p.button.click();
      }, 0);
    },
    opts,
  );
  win.addEventListener(
    'pointercancel',
    () => {
      press = null;
    },
    opts,
  );
}
