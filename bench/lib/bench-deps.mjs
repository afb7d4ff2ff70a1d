// Lighthouse is the bench's alone, and about a quarter of what a full install would fetch, so
// the root's `npm ci` (all that `npm test` and `npm run check` need) leaves it out: the bench is
// no workspace but a package with its own lockfile, bench/package-lock.json, which this installs
// from the first time the bench measures load, and again whenever that lockfile changes. No
// second install command to remember, and the versions are as pinned as the root's.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const bench = resolve(import.meta.dirname, '..');

/** Whether bench/node_modules was installed from the bench's lockfile as it is now. */
function installed() {
  // npm ci writes this copy of the lockfile it installed from last
  const done = join(bench, 'node_modules/.package-lock.json');
  if (!existsSync(done) || !existsSync(join(bench, 'node_modules/lighthouse/package.json')))
    return false;
  return statSync(done).mtimeMs >= statSync(join(bench, 'package-lock.json')).mtimeMs;
}

/** Installs the bench's own packages (Lighthouse) from its lockfile, unless they are there. */
export function ensureBenchPackages() {
  if (installed()) return;
  console.log('bench: installing its own packages (Lighthouse) from bench/package-lock.json');
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
  if (res.status !== 0)
    throw new Error(`bench: npm ci in bench/ failed (exit ${res.status ?? res.signal})`);
}
