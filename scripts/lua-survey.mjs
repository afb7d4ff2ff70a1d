// node scripts/lua-survey.mjs [out.json, default $TMPDIR/lua-survey.json] [shown per kind]: every case of the Lua
// differential suites against a frozen-clock redis-server and the simulator, all
// divergences listed (tests/differential/lua-survey.ts). Loaded through Vite's
// module runner so the simulator's `?raw` imports resolve as in the browser.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';

const root = resolve(import.meta.dirname, '..');
const { module } = await runnerImport(resolve(root, 'tests/differential/lua-survey.ts'), {
  root,
  logLevel: 'error',
});
const [out, show = '3'] = process.argv.slice(2);
const n = await module.survey(out || undefined, Number(show));
process.exit(n === 0 ? 0 : 1);
