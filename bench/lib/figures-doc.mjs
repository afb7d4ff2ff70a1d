import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { engineChunkLabel, engineChunkTarget } from './engine-bytes.mjs';
import { LAYOUT_SHIFT_TARGET, STEP_TARGETS } from './step-targets.mjs';

const START = '<!-- perf-figures:start -->';
const END = '<!-- perf-figures:end -->';
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const yes = (ok) => (ok ? 'met' : '**missed**');

/** The figures block of docs/performance.md, as markdown, from a bench/results.json object. */
export function figuresMarkdown(r) {
  const rows = [
    ['figure', 'measured', 'target'],
    ['---', '---', '---'],
  ];
  const b = r.bytes;
  rows.push([
    'lesson HTML',
    `${kb(b.html.gzip)} gzip · ${kb(b.html.brotli)} br`,
    `≤ 60 KB gzip (${yes(b.html.gzip <= 60 * 1024)})`,
  ]);
  rows.push([
    'JS before interactive',
    `${kb(b.jsBeforeInteractive.gzip)} gzip · ${kb(b.jsBeforeInteractive.brotli)} br`,
    `≤ 110 KB gzip (${yes(b.jsBeforeInteractive.gzip <= 110 * 1024)})`,
  ]);
  rows.push([
    'CSS',
    `${kb(b.css.gzip)} gzip · ${kb(b.css.brotli)} br`,
    `≤ 15 KB gzip (${yes(b.css.gzip <= 15 * 1024)})`,
  ]);
  rows.push([
    'fonts',
    b.fonts.files.length ? `${kb(b.fonts.gzip)} gzip` : 'none (system fonts)',
    '',
  ]);
  for (const c of r.luaEngine?.chunks ?? []) {
    rows.push([
      engineChunkLabel(c.file).replace(/ \(.*\)$/, ''),
      `${kb(c.gzip)} gzip · ${kb(c.brotli)} br`,
      `${engineChunkTarget(c.file)} (${yes(!c.firstLoad)})`,
    ]);
  }
  if (r.luaEngine?.alone) {
    const a = r.luaEngine.alone;
    rows.push([
      'Lua engine alone, minified with what it imports',
      `${kb(a.gzip)} gzip · ${kb(a.brotli)} br`,
      '',
    ]);
  }
  rows.push([
    'highlighter bytes in the browser',
    `${b.highlighter.raw} B`,
    `0 (${yes(b.highlighter.raw === 0)})`,
  ]);
  if (r.lighthouse) {
    const l = r.lighthouse;
    rows.push([
      'Lighthouse performance (mobile, median of 3)',
      String(l.performance),
      `≥ 98 (${yes(l.performance >= 98)})`,
    ]);
    rows.push([
      'Lighthouse accessibility / best practices / SEO',
      `${l.accessibility} / ${l.bestPractices} / ${l.seo}`,
      `100 each (${yes(l.accessibility === 100 && l.bestPractices === 100 && l.seo === 100)})`,
    ]);
    rows.push(['LCP / TBT', `${l.lcpMs} ms / ${l.tbtMs} ms`, '']);
    rows.push(['CLS', String(l.cls), `0 (${yes(l.cls === 0)})`]);
  }
  if (r.interaction) {
    const i = r.interaction;
    // each timed walk's row (`at`: how the CPU was throttled): its p50 / p95, and whether the
    // p95 meets its target (a walk with none given has no target)
    const walkRows = (t, targets, at) => {
      for (const [key, name] of [
        ['default', 'step to paint, 4 leases'],
        ['thousand', 'step to paint, 1,000 leases'],
        ['scrub', 'scrub the 1,000-lease timeline'],
        ['scrubLocals', 'the same scrub with the locals panel in view'],
      ]) {
        const r = t[key];
        if (!r) continue;
        const target = targets[key];
        rows.push([
          `${name}${at} (p50 / p95)`,
          `${r.p50} / ${r.p95} ms`,
          target === null ? '' : `p95 ≤ ${target} ms (${yes(r.p95 <= target)})`,
        ]);
      }
    };
    walkRows(i, STEP_TARGETS.at1x, '');
    if (i.layoutShift) {
      const ls = i.layoutShift;
      rows.push([
        'layout shifts while stepping and scrubbing (entries · score, every timed walk)',
        `${ls.entries} · ${ls.score} in ${ls.commands} commands${ls.sources.length ? ` (moved: ${ls.sources.join(', ')})` : ''}`,
        `${LAYOUT_SHIFT_TARGET} (${yes(ls.entries === LAYOUT_SHIFT_TARGET)})`,
      ]);
    }
    if (i.loadToLast) {
      rows.push([
        'load the 1,000-lease preset and jump to its last step (median of 5 fresh pages)',
        `${i.loadToLast.median} ms (max ${i.loadToLast.max} ms)`,
        `≤ 300 ms once the engine chunk is there (${yes(i.loadToLast.median <= 300)})`,
      ]);
    }
    if (i.playback) {
      const pb = i.playback;
      rows.push([
        `play ${pb.pairs.toLocaleString('en')} pairs at 120 steps/s (10 s)`,
        `${pb.stepsPerSecond} steps/s shown · longest task ${pb.longestTaskMs} ms · heap ${pb.heapMB.before} → ${pb.heapMB.peak} → ${pb.heapMB.after} MB`,
        `no task over 200 ms (${yes(pb.tasksOver200 === 0)})`,
      ]);
    }
    if (i.pageTasks) {
      const pt = i.pageTasks;
      rows.push([
        `longest page task (median of ${pt.rounds} pages, wall · CPU): readying the simulator / the native twin's 1,000 leases / a learner's long script received`,
        `${pt.ready.wallMs} · ${pt.ready.cpuMs} / ${pt.native.wallMs} · ${pt.native.cpuMs} / ${pt.receive.wallMs} · ${pt.receive.cpuMs} ms (load average ${pt.load})`,
        `≤ 200 ms (${yes(Math.max(pt.ready.wallMs, pt.native.wallMs, pt.receive.wallMs) <= 200)})`,
      ]);
    }
    if (i.throttled4x) walkRows(i.throttled4x, STEP_TARGETS.at4x, ' at 4× CPU throttling');
    if (i.mutations) {
      rows.push([
        'DOM mutations per step (mean / max: 4 leases · 1,000 leases)',
        `${i.mutations.default.mean} / ${i.mutations.default.max} · ${i.mutations.thousand.mean} / ${i.mutations.thousand.max}`,
        'deterministic',
      ]);
      if (i.mutations.scrub)
        rows.push([
          'DOM mutations per scrub of 1,000 leases (mean / max)',
          `${i.mutations.scrub.mean} / ${i.mutations.scrub.max}`,
          'deterministic',
        ]);
    }
  }
  for (const e of r.engine ?? []) {
    rows.push([
      `batch script, ${e.pairs.toLocaleString('en')} pairs`,
      `simulator ${e.simMs} ms · redis-server ${e.realMs} ms round trip (${(e.realServerUs / 1000).toFixed(1)} ms in the server) · ×${e.ratio}`,
      `ratio ≤ 1.0 (${yes(e.ratio <= 1)})`,
    ]);
  }
  if (r.traceMemory?.heapBytes) {
    const mb = r.traceMemory.heapBytes / 1048576;
    rows.push([
      'heap the stepper holds for 10,000 leases, locals included',
      `${mb.toFixed(1)} MB (${r.traceMemory.steps.toLocaleString('en')} steps)`,
      `≤ 20 MB (${yes(mb <= 20)})`,
    ]);
  }
  if (r.loadToLastNode) {
    const l = r.loadToLastNode;
    rows.push([
      'load 1,000 leases and jump to the last step, in Node (median / first run)',
      `${l.median} / ${l.first} ms (trace ${l.trace} · index ${l.index} · views ${l.last} ms)`,
      '',
    ]);
  }
  if (r.selectors) {
    const s = r.selectors;
    rows.push([
      'locals at step k, 1,000 leases (p95: stepping / scrubbing)',
      `${s.localsStep.p95} / ${s.localsScrub.p95} ms`,
      `p95 ≤ 16 ms (${yes(Math.max(s.localsStep.p95, s.localsScrub.p95) <= 16)})`,
    ]);
    rows.push([
      "all of a step's selectors, locals included (p95: stepping / scrubbing)",
      `${s.stepViews.p95} / ${s.scrubViews.p95} ms`,
      `p95 ≤ 16 ms (${yes(Math.max(s.stepViews.p95, s.scrubViews.p95) <= 16)})`,
    ]);
  }
  const table = rows.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  return `Measured ${r.date.slice(0, 10)} on this project's 2-core machine (Node ${r.node}, Debian chromium). Timings vary run to run on a shared machine; sizes do not.\n\n${table}`;
}

/** Rewrites a doc's figures block from `results`, formatted as the format check wants. */
export async function updateFiguresDoc(path, results) {
  const text = readFileSync(path, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${path} has no ${START} … ${END} block`);
  const next = `${text.slice(0, a + START.length)}\n${figuresMarkdown(results)}\n${text.slice(b)}`;
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(next, { ...options, filepath: path }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import('node:path');
  const root = resolve(import.meta.dirname, '../..');
  await updateFiguresDoc(
    resolve(root, 'docs/performance.md'),
    JSON.parse(readFileSync(resolve(root, 'bench/results.json'), 'utf8')),
  );
}
