// Draws the layers of src/ and packages/ and the imports between them as a Mermaid diagram, from the same
// dependency graph `npm run deps` checks, so the picture in docs/architecture.md cannot drift
// from the code. `node scripts/architecture-graph.mjs --write` rewrites the diagram there;
// without --write it prints the diagram. Test files are left out: they may reach across walls.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs/architecture.md');
const START = '<!-- graph:start (npm run deps:graph) -->';
const END = '<!-- graph:end -->';

/** dependency-cruiser's command line. */
export const CRUISER = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/**
 * The folders the main config's cruise reads: the app and the packages, and every folder whose
 * imports a rule judges (tests, benches and scripts import the packages by name only). The
 * diagram reads the same cruise, so one cache serves both; it draws only the layers.
 */
export const CRUISED = ['src', 'packages', 'tests', 'e2e', 'bench', 'scripts', 'content'];

/** What decides how an import resolves, besides the modules and the configs themselves. */
const RESOLUTION = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  ...readdirSync(join(ROOT, 'packages')).map((name) => `packages/${name}/package.json`),
];

/**
 * The arguments that keep a cruise of the tree with the main config for the next one
 * (dependency-cruiser's --cache): `npm run deps` (scripts/deps.mjs) writes it and the diagram
 * reads it back, so a check cruises the tree once. The cache asks git which files changed since
 * (a module or a config); it does not see a package.json or tsconfig.json change, which changes
 * how imports resolve, so its folder is named by a hash of those and a change to one starts
 * afresh. Outside a git work tree: no cache, every cruise whole.
 */
export function treeCacheArgs() {
  try {
    execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    return [];
  }
  const hash = createHash('sha256');
  for (const file of RESOLUTION) {
    if (existsSync(join(ROOT, file))) hash.update(file).update(readFileSync(join(ROOT, file)));
  }
  return [
    '--cache',
    join('node_modules/.cache/dependency-cruiser', hash.digest('hex').slice(0, 16)),
  ];
}

/** The layers, each with the folders it holds; the first match wins. */
export const LAYERS = [
  ['vocabulary', /^src\/vocabulary\//],
  ['Lua engine', /^packages\/redis-sim\/src\/lua\//],
  ['scripting and tracing', /^packages\/redis-sim\/src\/(scripting|tracing)\//],
  ['simulator entries', /^packages\/redis-sim\/src\/(index|client|create-server|module)\.ts$/],
  ['simulator core', /^packages\/redis-sim\//],
  ['EchoMQ native twin', /^packages\/echomq\/src\/native\/(extend|extends|host)\.ts$/],
  ['EchoMQ client', /^packages\/echomq\/src\/client\//],
  ['EchoMQ entries', /^packages\/echomq\/src\/(index|module)\.ts$/],
  ['EchoMQ scripts and texts', /^packages\/echomq\//],
  ['scenario', /^src\/scenario\//],
  ['loading', /^src\/loading\//],
  ['content', /^src\/content\//],
  ['stepper what-ifs', /^src\/stepper\/what-ifs\//],
  // simulate.ts is the runs' heavy entry: it re-exports what runs the simulator, nothing else
  ['stepper runs', /^src\/stepper\/(runs\/|simulate\.ts$)/],
  ['stepper views', /^src\/stepper\/views\//],
  ['stepper words', /^src\/stepper\/words\//],
  ['stepper machine', /^src\/stepper\//],
  ['fates', /^src\/fates\//],
  ['console session', /^src\/console\//],
  // embed-data.ts computes a widget's data (it runs the simulator) for the build and the dev server
  ['embed entries', /^src\/embed\/((EmbedApp|embed-main|element)\.tsx|embed-data\.ts)$/],
  ['components', /^src\/(components|embed)\//],
  ['page', /^src\/(page\/|main\.tsx$|entry-server\.tsx$)/],
];

const layerOf = (path) => LAYERS.find(([, re]) => re.test(path))?.[0] ?? null;
const TEST = /\.test\.tsx?$|\.test-helper\.tsx?$|^packages\/[^/]+\/test\//;

/** The diagram: one node per layer, one arrow per layer that imports another. */
export function drawGraph() {
  const out = execFileSync(
    process.execPath,
    [
      CRUISER,
      ...CRUISED,
      '--config',
      '.dependency-cruiser.cjs',
      ...treeCacheArgs(),
      '--output-type',
      'json',
    ],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
  );
  const { modules } = JSON.parse(out);
  const edges = new Set();
  for (const m of modules) {
    if (TEST.test(m.source)) continue;
    const from = layerOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = layerOf(d.resolved);
      if (to && to !== from) edges.add(`${from}\u0000${to}`);
    }
  }
  const id = (name) => `L${LAYERS.findIndex(([n]) => n === name)}`;
  const lines = ['```mermaid', 'flowchart BT'];
  for (const [name] of LAYERS) lines.push(`  ${id(name)}["${name}"]`);
  for (const e of [...edges].sort()) {
    const [from, to] = e.split('\u0000');
    lines.push(`  ${id(from)} --> ${id(to)}`);
  }
  lines.push('```');
  return lines.join('\n');
}

/** The diagram docs/architecture.md holds now. */
export function graphIn(doc) {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a < 0 || b < a ? null : doc.slice(a + START.length, b).trim();
}

/** docs/architecture.md with its diagram replaced by `graph`. */
export function withGraph(doc, graph) {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/architecture.md lacks the ${START} … ${END} markers`);
  return `${doc.slice(0, a + START.length)}\n\n${graph}\n\n${doc.slice(b)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = drawGraph();
  if (process.argv.includes('--write')) {
    writeFileSync(DOC, withGraph(readFileSync(DOC, 'utf8'), graph));
  } else {
    process.stdout.write(`${graph}\n`);
  }
}
