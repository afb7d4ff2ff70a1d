/**
 * Scrolls that wait for a pressed pointer. A click is a press and a release on the same
 * element: a glide that carries the stepper's controls away between the two leaves the release
 * on whatever slid under the pointer, and the browser fires no click at all, so a learner who
 * steps quickly (or presses Pause while it plays) loses a click now and then. While a pointer
 * is pressed, a glide in progress stops where it is and a new landing waits; on release the landing held is taken, unless a newer
 * one was asked for meanwhile (the click that release makes is usually a step, which aims anew).
 */

/** What scrolls: the page (a window) or an element with its own scroll box. */
export type ScrollTarget = Window | HTMLElement;

/**
 * One landing in `target`: `go` scrolls there (gliding when `smooth`, else at once), `stay`
 * stops a glide where it is.
 */
export interface Landing {
  readonly target: ScrollTarget;
  readonly smooth: boolean;
  go(): void;
  stay(): void;
  /** moves where the glide will stop by `by` pixels (what it aims at moved) */
  aimBy?(by: number): void;
  /** whether the glide stands where it aims (without it, the first scrollend ends it) */
  arrived?(): boolean;
}

let pressed = false;
// the glide under way in each target (until a scrollend that finds it arrived), with the
// scrollend listener that ends it; and the landings a press holds back
const gliding = new Map<ScrollTarget, { landing: Landing; end: () => void }>();
const held = new Map<ScrollTarget, Landing>();
// how many landings each target has been asked for: a held one resumes only if it is the last
const asks = new Map<ScrollTarget, number>();
const askOf = new WeakMap<Landing, number>();
const watched = new WeakSet<Window>();

/** True while a glide of ours is still moving `target`. */
export function isGliding(target: ScrollTarget): boolean {
  return gliding.has(target);
}

/**
 * Moves where the glide under way in `target` will stop by `by` pixels, when what it aims at has
 * moved by as much (content above it changed its height). False when no glide of ours is moving
 * `target`, or it cannot be aimed anew.
 */
export function shiftGlide(target: ScrollTarget, by: number): boolean {
  const landing = gliding.get(target)?.landing;
  if (!landing?.aimBy || landing.arrived?.()) return false;
  landing.aimBy(by);
  return true;
}

/** True while a pointer is pressed (when nothing of ours may scroll: see above). */
export function pointerPressed(): boolean {
  return pressed;
}

/** Lands (or glides) now, or on the pointer's release when one is pressed. */
export function glideWhenFree(landing: Landing, win: Window = window): void {
  watchPresses(win);
  asks.set(landing.target, (asks.get(landing.target) ?? 0) + 1);
  askOf.set(landing, asks.get(landing.target) ?? 0);
  held.delete(landing.target);
  if (pressed) held.set(landing.target, landing);
  else start(landing);
}

function start(landing: Landing): void {
  if (!landing.smooth) {
    landing.go();
    return;
  }
  const { target } = landing;
  // a new glide replaces the last one in its target
  forget(target);
  // A scrollend before the glide arrives is not its end: a landing measures by scrolling at once
  // before it glides, and the browser says those scrolls ended some frames into the glide.
  const end = () => {
    if (landing.arrived?.() !== false) forget(target);
  };
  gliding.set(target, { landing, end });
  target.addEventListener('scrollend', end);
  landing.go();
}

// no glide of ours is under way in `target` any more
function forget(target: ScrollTarget): void {
  const glide = gliding.get(target);
  if (!glide) return;
  target.removeEventListener('scrollend', glide.end);
  gliding.delete(target);
}

/**
 * Starts watching `win` for presses (once per window; idempotent). Call it when a stepper
 * mounts: a press before the first landing must be seen too.
 */
export function watchPresses(win: Window = window): void {
  if (watched.has(win)) return;
  watched.add(win);
  const opts = { capture: true, passive: true } as const;
  win.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
      for (const { landing } of [...gliding.values()]) {
        landing.stay();
        held.set(landing.target, landing);
        forget(landing.target);
      }
    },
    opts,
  );
  const release = () => {
    if (!pressed) return;
    pressed = false;
    const waiting = [...held.values()];
    held.clear();
    // after the click this release makes: a step it takes has aimed anew (its layout effect
    // runs within the click), and then the held landing is stale
    win.requestAnimationFrame(() => {
      for (const landing of waiting) {
        if (askOf.get(landing) !== asks.get(landing.target)) continue;
        if (pressed) held.set(landing.target, landing);
        else start(landing);
      }
    });
  };
  win.addEventListener('pointerup', release, opts);
  win.addEventListener('pointercancel', release, opts);
}
