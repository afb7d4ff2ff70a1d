// npm run bench: builds the site, then measures bytes, load (Lighthouse), the
// step-to-paint interaction, and the simulator against a real redis-server.
// Prints a table and writes bench/results.json (a partial run replaces only the parts it ran).
// Targets are reported, never asserted.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { measureSizes, BUDGETS } from './lib/sizes.mjs';
import { engineChunkLabel, engineChunkTarget, measureEngine } from './lib/engine-bytes.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureInteraction } from './interaction.mjs';
import { updateFiguresDoc } from './lib/figures-doc.mjs';
import { LAYOUT_SHIFT_TARGET, STEP_TARGETS } from './lib/step-targets.mjs';
import { importBuilt } from './lib/built-module.mjs';
import { PART_KEYS, mergeResults, parsePreviousResults } from './lib/merge-results.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const args = new Set(argv);
// `--dist=<dir>`: measure a site built elsewhere (and build nothing), e.g. to compare two builds
const distArg = argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
const dist = resolve(root, distArg ?? 'dist');
if (distArg) args.add('--no-build');
// `--only=interaction,lighthouse` runs just those parts (bytes, lighthouse, interaction, engine,
// parse, limits), as the matching `--no-…` flags for all the others would
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const PARTS = Object.keys(PART_KEYS);
if (only)
  for (const part of PARTS) if (part !== 'bytes' && !only.includes(part)) args.add(`--no-${part}`);
// The parts this run measures (bytes always); the others keep their figures in results.json.
const ran = PARTS.filter((part) => !args.has(`--no-${part}`));
const fullRun = ran.length === PARTS.length;
const resultsPath = resolve(root, 'bench/results.json');
// read before measuring, so a results.json that cannot be merged stops the run before its minutes
const previous = fullRun
  ? {}
  : parsePreviousResults(
      existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : undefined,
      resultsPath,
    );
// `--quick`: the interaction part without the 4× throttled pass, the playback and the fresh loads
const quick = args.has('--quick');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!args.has('--no-build')) {
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const results = { date: new Date().toISOString(), node: process.version };
const table = [];
const row = (group, figure, value, target = '', met = '') =>
  table.push({ group, figure, value, target, met });
const mark = (ok) => (ok ? 'yes' : 'NO');

// Bytes
const sizes = measureSizes(dist);
results.bytes = sizes;
row(
  'bytes',
  'lesson HTML',
  `${kb(sizes.html.gzip)} gzip · ${kb(sizes.html.brotli)} br`,
  '≤ 60 KB gzip',
  mark(sizes.html.gzip <= BUDGETS.htmlGzip),
);
row(
  'bytes',
  'JS before interactive',
  `${kb(sizes.jsBeforeInteractive.gzip)} gzip · ${kb(sizes.jsBeforeInteractive.brotli)} br`,
  '≤ 110 KB gzip',
  mark(sizes.jsBeforeInteractive.gzip <= BUDGETS.jsBeforeInteractiveGzip),
);
row(
  'bytes',
  'CSS',
  `${kb(sizes.css.gzip)} gzip · ${kb(sizes.css.brotli)} br`,
  '≤ 15 KB gzip',
  mark(sizes.css.gzip <= BUDGETS.cssGzip),
);
row(
  'bytes',
  'fonts',
  sizes.fonts.files.length ? `${kb(sizes.fonts.gzip)} gzip` : 'none (system fonts)',
);
// The Lua engine: the lazy chunk that carries it, and the engine bundled alone
const luaEngine = await measureEngine(root, dist, sizes.jsBeforeInteractive.files);
results.luaEngine = luaEngine;
for (const c of luaEngine.chunks) {
  row(
    'bytes',
    engineChunkLabel(c.file),
    `${kb(c.gzip)} gzip · ${kb(c.brotli)} br`,
    engineChunkTarget(c.file),
    mark(!c.firstLoad),
  );
}
if (luaEngine.chunks.length === 0) row('bytes', "Lua engine's chunk", 'no built chunk carries it');
row(
  'bytes',
  'Lua engine alone (minified)',
  luaEngine.alone
    ? `${kb(luaEngine.alone.gzip)} gzip · ${kb(luaEngine.alone.brotli)} br (${luaEngine.alone.entry})`
    : 'no packages/redis-sim/src/lua/engine.ts yet',
);
row(
  'bytes',
  'highlighter in the browser',
  `${sizes.highlighter.raw} B`,
  '0 B',
  mark(sizes.highlighter.raw === 0),
);

// Load
if (!args.has('--no-lighthouse')) {
  const lh = await measureLighthouse({ root: dist, runs: 3 });
  results.lighthouse = lh;
  row(
    'load',
    'Lighthouse performance (mobile)',
    lh.performance,
    '≥ 98',
    mark(lh.performance >= 98),
  );
  row('load', 'Lighthouse accessibility', lh.accessibility, '100', mark(lh.accessibility === 100));
  row('load', 'Lighthouse best practices', lh.bestPractices, '100', mark(lh.bestPractices === 100));
  row('load', 'Lighthouse SEO', lh.seo, '100', mark(lh.seo === 100));
  row('load', 'LCP', `${lh.lcpMs} ms`);
  row('load', 'TBT', `${lh.tbtMs} ms`);
  row('load', 'CLS', lh.cls, '0', mark(lh.cls === 0));
}

// Interaction
if (!args.has('--no-interaction')) {
  const ia = await measureInteraction({ root: dist, quick });
  results.interaction = ia;
  const at1x = STEP_TARGETS.at1x;
  for (const [name, r, target] of [
    ['step, 4 leases', ia.default, at1x.default],
    ['step, 1,000 leases', ia.thousand, at1x.thousand],
    ['scrub, 1,000 leases', ia.scrub, at1x.scrub],
    ['scrub, 1,000 leases, the locals panel in view', ia.scrubLocals, at1x.scrubLocals],
  ]) {
    row(
      'interaction',
      `${name} p50 / p95`,
      `${r.p50} / ${r.p95} ms (n=${r.n})`,
      `p95 ≤ ${target} ms`,
      mark(r.p95 <= target),
    );
  }
  if (!quick) {
    const ll = ia.loadToLast;
    row(
      'interaction',
      'load the 1,000-lease preset and jump to its last step (median / max)',
      `${ll.median} / ${ll.max} ms (n=${ll.n})`,
      '≤ 300 ms',
      mark(ll.median <= 300),
    );
    const pb = ia.playback;
    row(
      'interaction',
      `play ${pb.pairs.toLocaleString('en')} pairs at 120 steps/s`,
      `${pb.stepsPerSecond} steps/s · longest task ${pb.longestTaskMs} ms · ${pb.tasksOver200} over 200 ms · heap ${pb.heapMB.before} → ${pb.heapMB.peak} → ${pb.heapMB.after} MB`,
      'no task over 200 ms',
      mark(pb.tasksOver200 === 0),
    );
    const pt = ia.pageTasks;
    for (const [name, r] of [
      ['readying the simulator while the learner reads', pt.ready],
      ["the native twin's 1,000-lease run", pt.native],
      ["a learner's long script on 1,000 leases, received", pt.receive],
    ]) {
      row(
        'interaction',
        `longest page task: ${name}`,
        `${r.wallMs} ms (${r.cpuMs} ms CPU; worst of ${pt.rounds} ${r.maxWallMs} ms; load ${pt.load})`,
        '≤ 200 ms',
        mark(r.wallMs <= 200),
      );
    }
    const at4x = STEP_TARGETS.at4x;
    for (const [name, r, target] of [
      ['step, 4 leases', ia.throttled4x.default, at4x.default],
      ['step, 1,000 leases', ia.throttled4x.thousand, at4x.thousand],
      ['scrub, 1,000 leases', ia.throttled4x.scrub, at4x.scrub],
      [
        'scrub, 1,000 leases, the locals panel in view',
        ia.throttled4x.scrubLocals,
        at4x.scrubLocals,
      ],
    ]) {
      row(
        'interaction',
        `${name} at 4× CPU throttling p50 / p95`,
        `${r.p50} / ${r.p95} ms (n=${r.n})`,
        ...(target === null ? [] : [`p95 ≤ ${target} ms`, mark(r.p95 <= target)]),
      );
    }
  }
  const ls = ia.layoutShift;
  row(
    'interaction',
    'layout shifts while stepping and scrubbing (entries · score)',
    `${ls.entries} · ${ls.score} in ${ls.commands} commands${ls.sources.length ? ` (moved: ${ls.sources.join(', ')})` : ''}`,
    String(LAYOUT_SHIFT_TARGET),
    mark(ls.entries === LAYOUT_SHIFT_TARGET),
  );
  for (const [name, m] of [
    ['step, 4 leases', ia.mutations.default],
    ['step, 1,000 leases', ia.mutations.thousand],
    ['scrub, 1,000 leases', ia.mutations.scrub],
  ]) {
    row(
      'interaction',
      `DOM mutations per ${name}`,
      `mean ${m.mean} · max ${m.max} (${m.steps} steps)`,
    );
  }
}

// Engine
if (!args.has('--no-engine')) {
  // built as the browser gets it, not through the module runner (see lib/built-module.mjs)
  const engine = await importBuilt(root, 'bench/engine.ts');
  const rows = await engine.benchEngine();
  results.engine = rows;
  for (const r of rows) {
    row(
      'engine',
      `batch of ${r.pairs.toLocaleString('en')} pairs`,
      `sim ${r.simMs} ms · redis ${r.realMs} ms (server ${(r.realServerUs / 1000).toFixed(1)} ms) · ×${r.ratio}`,
      'ratio ≤ 1.0',
      mark(r.ratio <= 1),
    );
  }
  const mem = engine.traceMemory(10_000);
  results.traceMemory = mem;
  row(
    'engine',
    'trace held for 10,000 leases, locals included',
    mem.heapBytes === null
      ? 'run with node --expose-gc'
      : `${(mem.heapBytes / 1048576).toFixed(1)} MB · ${mem.steps.toLocaleString('en')} steps (${mem.stepsWithLocals.toLocaleString('en')} with locals)`,
    '≤ 20 MB',
    mem.heapBytes === null ? '' : mark(mem.heapBytes <= 20 * 1048576),
  );
  const load = engine.loadToLastInNode(1_000);
  results.loadToLastNode = load;
  row(
    'engine',
    'load 1,000 leases and jump to the last step, in Node (median / first)',
    `${load.median} / ${load.first} ms (trace ${load.trace} · index ${load.index} · last step's views ${load.last} ms)`,
  );
  const sel = engine.selectorTimes(1_000);
  results.selectors = sel;
  for (const [name, r] of [
    ['locals at step k, stepping (1,000 leases)', sel.localsStep],
    ['locals at step k, scrubbing (1,000 leases)', sel.localsScrub],
    ["all of a step's selectors with locals, stepping", sel.stepViews],
    ["all of a step's selectors with locals, scrubbing", sel.scrubViews],
  ]) {
    row(
      'engine',
      `${name} p50 / p95`,
      `${r.p50} / ${r.p95} ms (n=${r.n})`,
      'p95 ≤ 16 ms',
      mark(r.p95 <= 16),
    );
  }
}

// Lua parser
if (!args.has('--no-parse')) {
  const { module: parse } = await runnerImport(resolve(root, 'bench/lua-parse.ts'), {
    root,
    logLevel: 'error',
  });
  const p = await parse.benchParse();
  results.luaParse = p;
  row('parse', 'Lua lexer + parser', `${kb(p.gzipBytes)} gzip (lazy chunk)`);
  row('parse', 'parse extend_locks2.lua', `${p.lessonUs} µs`);
  row(
    'parse',
    'parse 10,000 / 100,000 lines',
    `${p.lines10k.ms} / ${p.lines100k.ms} ms (×${(p.lines100k.ms / p.lines10k.ms).toFixed(1)} for ×10 lines)`,
  );
}

// The limits: cjson.decode's time on numbers and on strings, the heap a big-string run keeps
if (!args.has('--no-limits')) {
  const { module: limits } = await runnerImport(resolve(root, 'bench/limits.ts'), {
    root,
    logLevel: 'error',
  });
  const l = limits.benchLimits();
  results.limits = l;
  row(
    'limits',
    'cjson.decode 1M numbers / 1M strings',
    `${l.decodeNumbersMs} / ${l.decodeStringsMs} ms`,
    '≈ 1 s',
  );
  row(
    'limits',
    'heap kept by a stepped 1 MB × 2,000 string script',
    l.bigString.heapBytes === null
      ? 'run with --expose-gc'
      : `${(l.bigString.heapBytes / 1024 / 1024).toFixed(1)} MB over ${l.bigString.steps} steps`,
  );
  row(
    'limits',
    'longest stepper run of a hostile lua= script',
    `${l.stepperWorst.ms} ms (${l.stepperWorst.script})`,
    '≈ 200 ms',
  );
  row(
    'limits',
    'page thread on receiving a hostile run from the worker',
    `${l.stepperReceiveWorst.ms} ms (${l.stepperReceiveWorst.script}, ${l.stepperReceiveWorst.runs[l.stepperReceiveWorst.script].kB} kB)`,
    '< 200 ms',
  );
  row(
    'limits',
    'a console line that writes, beside a 60,000-member sorted set',
    `${l.writeLineMs} ms`,
  );
  row(
    'limits',
    'is a typed 64 KB line a password line: first word SET / HELLO … AUTH',
    `${l.sensitiveLineMs.set} / ${l.sensitiveLineMs.hello} ms`,
  );
  row(
    'limits',
    'pop 1M elements from the left: a script of LPOPs / one LPOP of 1M',
    `${l.popMillion.scriptMs} / ${l.popMillion.lineMs} ms`,
  );
}

const recorded = mergeResults(previous, results, ran);
writeFileSync(resultsPath, JSON.stringify(recorded, null, 2) + '\n');
if (fullRun && !args.has('--no-figures') && !args.has('--no-build')) {
  // only a full run rewrites the figures in docs/performance.md
  await updateFiguresDoc(resolve(root, 'docs/performance.md'), recorded);
}
console.table(table);
console.log('written to bench/results.json');
