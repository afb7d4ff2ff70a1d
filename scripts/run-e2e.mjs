// Runs the browser suite against the built site on a free loopback port.
// Playwright's webServer needs its port in the config, so it is chosen here.
import { spawnSync } from 'node:child_process';
import { freePort } from '@batch-lease/redis-sim/differential/free-port.mjs';

const port = await freePort();
const res = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port) },
});
process.exit(res.status ?? 1);
