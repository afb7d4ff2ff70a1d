// `npm run deps`: the dependency rules, each config's cruise of src/ and packages/, both run
// and reported before the exit code says whether both held. The main config's cruise is kept
// (see treeCacheArgs) for the architecture test's diagram, which reads it back instead of
// cruising the whole tree a second time in the same `npm run check`.
import { spawnSync } from 'node:child_process';
import { CRUISER, treeCacheArgs } from './architecture-graph.mjs';

const CRUISES = [
  ['--config', '.dependency-cruiser.cjs', ...treeCacheArgs()],
  ['--config', '.dependency-cruiser.first-load.cjs'],
];

let ok = true;
for (const args of CRUISES) {
  const { status } = spawnSync(process.execPath, [CRUISER, 'src', 'packages', ...args], {
    stdio: 'inherit',
  });
  ok &&= status === 0;
}
process.exit(ok ? 0 : 1);
