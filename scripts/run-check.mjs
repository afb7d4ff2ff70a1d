// `npm run check`, what CI holds a change to: typecheck, lint, the dependency rules and format,
// then the README's test command, `npm test`. Every step runs and is reported, whatever an earlier one did.
import { runSuites } from './suites.mjs';

const { ok } = runSuites([
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { name: 'dependency rules', cmd: 'npm', args: ['run', 'deps'] },
  { name: 'format', cmd: 'npm', args: ['run', 'format:check'] },
  { name: 'npm test', cmd: 'npm', args: ['test'] },
]);
process.exit(ok ? 0 : 1);
