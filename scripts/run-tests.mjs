// The project's test command (`npm test`): the system programs, the build, vitest and the
// browser suite, every one run and reported before the exit code says whether all passed.
import { runSuites } from './suites.mjs';

const { ok } = runSuites([
  { name: 'system programs', cmd: 'bash', args: ['scripts/ensure-system.sh'] },
  { name: 'build', cmd: 'npx', args: ['vite', 'build'] },
  { name: 'vitest', cmd: 'npx', args: ['vitest', 'run'] },
  // the browser suite runs against dist/: without a build it has nothing to test
  { name: 'playwright', cmd: 'node', args: ['scripts/run-e2e.mjs'], needs: 'build' },
]);
process.exit(ok ? 0 : 1);
