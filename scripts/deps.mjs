// `npm run deps`: the dependency rules, each config's cruise (the main one of every folder a rule
// judges, the first-load one of src/ and packages/), both run
// and reported before the exit code says whether both held. The main config's cruise is kept
// (see treeCacheArgs) for the architecture test's diagram, which reads it back instead of
// cruising the whole tree a second time in the same `npm run check`.
import { spawnSync } from 'node:child_process';
import { CRUISED, CRUISER, treeCacheArgs } from './architecture-graph.mjs';

// the first-load boundary is the page's: only src/ and the packages reach a browser
const CRUISES = [
  [...CRUISED, '--config', '.dependency-cruiser.cjs', ...treeCacheArgs()],
  ['src', 'packages', '--config', '.dependency-cruiser.first-load.cjs'],
];

let ok = true;
for (const args of CRUISES) {
  const { status } = spawnSync(process.execPath, [CRUISER, ...args], {
    stdio: 'inherit',
  });
  ok &&= status === 0;
}
process.exit(ok ? 0 : 1);
