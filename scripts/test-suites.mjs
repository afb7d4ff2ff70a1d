// The suites of `npm test`, in the order they run: `npm test` runs them one by one, and
// `npm run check` runs the same list after (and, for the build, beside) its static checks.
// The test runners each write a brief of their failures, printed after the summary.
import { PLAYWRIGHT_BRIEF } from './reporters/playwright-brief.mjs';
import { VITEST_BRIEF } from './reporters/vitest-brief.mjs';

/** @type {import('./suites.mjs').Suite[]} */
export const TEST_SUITES = [
  { name: 'system programs', cmd: 'bash', args: ['scripts/ensure-system.sh'] },
  { name: 'build', cmd: 'npx', args: ['vite', 'build'] },
  // vitest and the browser suite each run two workers, one a core: they run alone, so after
  // the build whose output some tests read (vitest runs even if the build failed: the rest of
  // its files still say something)
  {
    name: 'vitest',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=./scripts/reporters/vitest-brief.mjs',
    ],
    alone: true,
    brief: VITEST_BRIEF,
  },
  // the browser suite runs against dist/: without a build it has nothing to test
  {
    name: 'playwright',
    cmd: 'node',
    args: ['scripts/run-e2e.mjs'],
    needs: 'build',
    alone: true,
    brief: PLAYWRIGHT_BRIEF,
  },
];
