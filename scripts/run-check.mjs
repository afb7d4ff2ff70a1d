// `npm run check`, what CI holds a change to: typecheck, lint, the dependency rules and format,
// then the suites of `npm test`. Every step runs and is reported, whatever an earlier one did.
// The static checks and the build each use about one core, so they run two at a time on the
// two-core machine, each step's output printed whole when it ends; vitest and the browser
// suite use both cores and run alone after them, their output live.
import { runSuites } from './suites.mjs';
import { TEST_SUITES } from './test-suites.mjs';

const [system, build, ...suites] = TEST_SUITES;
const { ok } = await runSuites(
  [
    system,
    // the longest first, so the two lanes end near the same time
    { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
    build,
    { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
    { name: 'dependency rules', cmd: 'npm', args: ['run', 'deps'] },
    { name: 'format', cmd: 'npm', args: ['run', 'format:check'] },
    ...suites,
  ],
  { concurrency: 2 },
);
process.exit(ok ? 0 : 1);
