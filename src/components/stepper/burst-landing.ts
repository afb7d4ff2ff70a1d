/**
 * Landings asked for faster than a glide can move: a scrub, a held key, playing at 30 steps a
 * second. Each step used to start a smooth glide that the next step cancelled a frame or two later (its
 * own measuring scrolls stop it), so the learner saw the box stand still until the steps stopped,
 * while every step still paid for a moved scroll offset: about eighty more objects laid out on
 * each frame of a scrub. Within such a burst the landing waits instead, and the last one asked
 * for is taken once {@link BURST_FRAMES} frames have passed with no other: what the learner sees
 * is the same (the box still while the steps race, then a glide to the last step's panel). A step
 * that comes alone, or a landing that is not a glide (reduced motion), is never held. Counted in
 * frames, not milliseconds, so a slow or busy machine, whose frames are long, holds the same
 * walks a fast one does.
 */

/** A landing asked for within this many frames of the last one belongs to its burst. */
export const BURST_FRAMES = 3;

interface Burst {
  /** frames painted since the last landing was asked for */
  frames: number;
  /** the landing to take once the burst pauses, if one is waiting */
  held: (() => void) | null;
  /** whether a frame callback is counting */
  counting: boolean;
}

// per scroll target (the stepper's box or the window), so two steppers never hold each other's
const bursts = new WeakMap<object, Burst>();

function burstOf(target: object): Burst {
  let b = bursts.get(target);
  if (!b) bursts.set(target, (b = { frames: BURST_FRAMES, held: null, counting: false }));
  return b;
}

/**
 * Notes that a step asked for a landing in `target`. True when it came within
 * {@link BURST_FRAMES} frames of the last one: then `land` is held (replacing any held before)
 * and called once that many frames pass with no other. False otherwise, and any held landing is
 * dropped: the caller lands now.
 */
export function holdInBurst(target: object, land: () => void): boolean {
  const b = burstOf(target);
  const inBurst = b.frames < BURST_FRAMES;
  b.held = inBurst ? land : null;
  restart(b);
  return inBurst;
}

/**
 * Whether a landing asked for in `target` now would be held: the last step's came within
 * {@link BURST_FRAMES} frames. Reads only, and notes nothing.
 */
export function inBurst(target: object): boolean {
  const b = bursts.get(target);
  return b !== undefined && b.frames < BURST_FRAMES;
}

/**
 * Notes a step that asked for no landing in `target` (its panel already shows): it keeps a
 * burst going, and drops a held landing, which was for an earlier step's panel.
 */
export function noteStep(target: object): void {
  const b = burstOf(target);
  b.held = null;
  restart(b);
}

// one frame callback at a time, counting until the burst has paused
function restart(b: Burst): void {
  b.frames = 0;
  if (b.counting) return;
  b.counting = true;
  const tick = () => {
    b.frames++;
    if (b.frames < BURST_FRAMES) {
      requestAnimationFrame(tick);
      return;
    }
    b.counting = false;
    const land = b.held;
    b.held = null;
    land?.();
  };
  requestAnimationFrame(tick);
}
