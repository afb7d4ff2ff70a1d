import type { Suite } from './suites.mjs';

/** The suites of `npm test`, in the order they run (`npm run check` runs them after its own). */
export const TEST_SUITES: Suite[];
