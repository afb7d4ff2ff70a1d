// The project's test command (`npm test`): the system programs, the build, the browser suite
// and vitest (scripts/test-suites.mjs), every one run and reported before the exit code says
// whether all passed.
import { runSuites } from './suites.mjs';
import { TEST_CONCURRENCY, TEST_SUITES } from './test-suites.mjs';

const { ok } = await runSuites(TEST_SUITES, { concurrency: TEST_CONCURRENCY });
process.exit(ok ? 0 : 1);
