import type { Suite } from './suites.mjs';

/** The suites of `npm test`, in the order they start (`npm run check` starts its own among them). */
export const TEST_SUITES: Suite[];
/** How many of `npm test`'s suites run at once. */
export const TEST_CONCURRENCY: number;
