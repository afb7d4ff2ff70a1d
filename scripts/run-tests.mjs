// The project's test command (`npm test`): the system programs, the build, vitest and the
// browser suite, every one run and reported before the exit code says whether all passed.
import { runSuites } from './suites.mjs';
import { TEST_SUITES } from './test-suites.mjs';

const { ok } = await runSuites(TEST_SUITES);
process.exit(ok ? 0 : 1);
