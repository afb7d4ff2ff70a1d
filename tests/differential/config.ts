/**
 * The one seed and run count of the generated differential run. The coverage test
 * replays the same stream, so its figures are the figures of the scenarios the
 * differential test actually ran.
 */
export const SEED = 20_251_130;
export const NUM_RUNS = 2_000;

/** Databases of the shared redis-server, one per test file that writes to it. */
export const DB = { differential: 1, regressions: 2, selfCheck: 3, selfCheckTwin: 4 } as const;
