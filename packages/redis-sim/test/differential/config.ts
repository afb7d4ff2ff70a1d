/**
 * The one seed and run count of the generated differential run. The coverage test
 * replays the same stream, so its figures are the figures of the scenarios the
 * differential test actually ran.
 */
export const SEED = 20_251_130;
export const NUM_RUNS = 2_000;
/** Generated ACL cases (a user shape and a scenario each) run against the real server. */
export const ACL_NUM_RUNS = 500;

/**
 * Databases of the shared redis-server, one per test file that writes to it. The ACL
 * suite uses database 0 (not listed): its users may lack the right to SELECT.
 */
export const DB = { differential: 1, regressions: 2, selfCheck: 3, selfCheckTwin: 4 } as const;
/** Generated console cases (a state and up to twelve typed lines) judged by the real redis-cli. */
export const CONSOLE_NUM_RUNS = 300;

/**
 * Databases of the frozen-clock redis-server, one per Lua test file (the twins
 * stand in for the simulator in the self-checks).
 */
export const FROZEN_DB = {
  panel: 1,
  mutants: 2,
  fuzz: 3,
  regressions: 4,
  selfCheck: 5,
  selfCheckTwin: 6,
  stepperVariants: 7,
  stepperScripts: 8,
  coroutineFuzz: 9,
  sequences: 10,
} as const;

/** Seed and run counts of the Lua suites' generated runs. */
export const LUA_SEED = 20_261_201;
export const MUTANT_NUM_RUNS = 900;
export const FUZZ_NUM_RUNS = 600;
export const COROUTINE_FUZZ_NUM_RUNS = 300;

/**
 * The wall clock of the frozen redis-server (microseconds since the epoch): a whole
 * millisecond, since the simulator's clock counts ms, and TIME's microseconds are
 * then `ms % 1000 * 1000` on both sides. 2025-12-01T08:00:00.123Z.
 */
export const FROZEN_CLOCK_US = 1_764_576_000_123_000;
/** The same instant in ms, for the simulator's setClock. */
export const FROZEN_CLOCK_MS = FROZEN_CLOCK_US / 1000;
