/**
 * The step-to-paint targets (p95, in ms) of each timed walk, the one place the bench's console
 * table and the figures table of docs/performance.md read them from. At 1× every walk is held to
 * a 60 Hz frame; at 4× CPU throttling (Lighthouse's mobile budget) the four-lease step still is,
 * and the 1,000-lease scrub (with or without the locals panel in view) to two frames; the
 * 1,000-lease step at 4× has no target of its own (null). Stepping moves nothing on the page:
 * no layout shift.
 */
export const STEP_TARGETS = {
  at1x: { default: 16, thousand: 16, scrub: 16, scrubLocals: 16 },
  at4x: { default: 16, thousand: null, scrub: 33, scrubLocals: 33 },
};

/** The layout shifts the timed walks may make, in entries and in score: none. */
export const LAYOUT_SHIFT_TARGET = 0;
