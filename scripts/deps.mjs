// `npm run deps`: the dependency rules, each config's cruise, both run and reported before the
// exit code says whether both held. The main config cruises every folder a rule judges; its
// cruise is kept (see treeCacheArgs) for the architecture test's diagram, which reads it back
// instead of cruising the whole tree a second time in the same `npm run check`. The first-load
// config's rules only ask what their entries in src/ and packages/ reach (the first-load
// boundary is the page's), so its cruise starts there (scripts/first-load-entries.mjs).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRUISED, CRUISER, treeCacheArgs } from './architecture-graph.mjs';
import { firstLoadEntries } from './first-load-entries.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const CRUISES = [
  [...CRUISED, '--config', '.dependency-cruiser.cjs', ...treeCacheArgs()],
  [...firstLoadEntries(ROOT), '--config', '.dependency-cruiser.first-load.cjs'],
];

let ok = true;
for (const args of CRUISES) {
  const { status } = spawnSync(process.execPath, [CRUISER, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  ok &&= status === 0;
}
process.exit(ok ? 0 : 1);
