/**
 * How often a runtime saves the learner's place, in a module of its own that imports nothing,
 * so the browser suite can read the same number the page uses.
 */

/** How often, at most, the place is saved while the learner only steps. */
export const PLACE_EVERY_MS = 15_000;
