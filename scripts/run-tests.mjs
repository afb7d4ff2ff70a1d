// The project's test command (`npm test`): the system programs, the build, the browser suite
// and vitest (scripts/test-suites.mjs), every one run and reported before the exit code says
// whether all passed. Two at a time: the system programs beside the build, then the two test
// runners side by side.
import { runSuites } from './suites.mjs';
import { TEST_SUITES } from './test-suites.mjs';

const { ok } = await runSuites(TEST_SUITES, { concurrency: 2 });
process.exit(ok ? 0 : 1);
