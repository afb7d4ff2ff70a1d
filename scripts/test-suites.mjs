// The suites of `npm test`, in the order they start. The browser suite starts as soon as the
// build is made, and vitest beside it: each runs two workers, and together they oversubscribe
// the two cores, which costs them less than it seems: the browser suite's tests wait for loads
// and wall-clock limits, and vitest fills that time (docs/performance.md, "The check loop").
// `npm run check` starts its static checks among them (scripts/run-check.mjs).
// The test runners each write a brief of their failures, printed after the summary.
import { PLAYWRIGHT_BRIEF } from './reporters/playwright-brief.mjs';
import { VITEST_BRIEF } from './reporters/vitest-brief.mjs';

/** @type {import('./suites.mjs').Suite[]} */
export const TEST_SUITES = [
  { name: 'system programs', cmd: 'bash', args: ['scripts/ensure-system.sh'] },
  { name: 'build', cmd: 'npx', args: ['vite', 'build'] },
  // the browser suite runs against dist/ in the system's chromium: without either it has
  // nothing to test. The longest suite: its progress shows live.
  {
    name: 'playwright',
    cmd: 'node',
    args: ['scripts/run-e2e.mjs'],
    needs: ['system programs', 'build'],
    live: true,
    brief: PLAYWRIGHT_BRIEF,
  },
  // after the build, whose output some tests read, and the system's redis-server; it runs even
  // if either failed: the rest of its files still say something
  {
    name: 'vitest',
    cmd: 'npx',
    args: [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=./scripts/reporters/vitest-brief.mjs',
    ],
    after: ['system programs', 'build'],
    brief: VITEST_BRIEF,
  },
];
