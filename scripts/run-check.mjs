// `npm run check`, what CI holds a change to: typecheck, lint, the dependency rules and format,
// and the suites of `npm test`. Every step runs and is reported, whatever an earlier one did.
// Three at a time on the two-core machine: the browser suite, the longest, starts as soon as
// the build is made, and the static checks and vitest share the other two places beside it
// (see scripts/test-suites.mjs for why oversubscribing pays). The browser suite's output shows
// live; each other step's is printed whole when it ends.
import { runSuites } from './suites.mjs';
import { TEST_SUITES } from './test-suites.mjs';

const {
  'system programs': system,
  build,
  playwright,
  vitest,
  ...left
} = Object.fromEntries(TEST_SUITES.map((s) => [s.name, s]));
// a suite added to npm test must be placed here too
if (Object.keys(left).length) throw new Error(`the check leaves out ${Object.keys(left)}`);

const steps = [
  system,
  build,
  // the longest static check first, beside the build
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  playwright,
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  vitest,
  { name: 'dependency rules', cmd: 'npm', args: ['run', 'deps'] },
  { name: 'format', cmd: 'npm', args: ['run', 'format:check'] },
];
const { ok } = await runSuites(steps, { concurrency: 3 });
process.exit(ok ? 0 : 1);
