import type { Suite } from './suites.mjs';

/** The suites of `npm test`, in the order they start (`npm run check` starts its own among them). */
export const TEST_SUITES: Suite[];
