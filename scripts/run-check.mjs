// `npm run check`, what CI holds a change to: typecheck, lint, the dependency rules and format,
// and the suites of `npm test`. Every step runs and is reported, whatever an earlier one did.
// Three at a time on the two-core machine: the browser suite, the longest, starts as soon as
// the build is made, and the static checks and vitest share the other two places beside it
// (see scripts/test-suites.mjs for why oversubscribing pays). The browser suite's output shows
// live; each other step's is printed whole when it ends.
import { runSuites } from './suites.mjs';
import { TEST_SUITES } from './test-suites.mjs';

const byName = new Map(TEST_SUITES.map((s) => [s.name, s]));
const suite = (name) => {
  const found = byName.get(name);
  if (!found) throw new Error(`no suite named ${name} in TEST_SUITES`);
  return found;
};
const steps = [
  suite('system programs'),
  suite('build'),
  // the longest static check first, beside the build
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  suite('playwright'),
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  suite('vitest'),
  { name: 'dependency rules', cmd: 'npm', args: ['run', 'deps'] },
  { name: 'format', cmd: 'npm', args: ['run', 'format:check'] },
];
// every suite of npm test is in the check
for (const s of TEST_SUITES)
  if (!steps.includes(s)) throw new Error(`the check leaves out ${s.name}`);

const { ok } = await runSuites(steps, { concurrency: 3 });
process.exit(ok ? 0 : 1);
