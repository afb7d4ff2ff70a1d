// Where a step's and a scrub's time goes, from a Chrome trace of the built lesson (not a
// timing to hold a target to: `npm run bench` measures those). For each walk (the 4-lease
// default, 1,000 leases, scrubbing 1,000 leases) it traces `steps` commands, each sent at the
// start of a frame as the bench sends them, and sums the main thread's time by kind: script,
// style, layout, paint and the rest. Style and layout that run inside script are forced
// (synchronous) and are listed by the script frame that forced them; a CPU profile names the
// functions the script time goes to (build with `--minify false` for readable names).
//
//   node bench/profile-step.mjs [dist] [--steps=60] [--throttle=4] [--only=scrub] [--css=…]
//     [--panel=locals]
//
// Times are the main thread's own CPU time (a trace event's tdur), so a loaded machine inflates
// them less than it does the bench's wall-clock figures. PAINTS=1 lists the paints by layer,
// INVALIDATIONS=1 what invalidated style and layout, DEBUG_TRACE=1 the totals, LAYERIZE=1 how
// many commands made the compositor layerize the whole page again (PaintArtifactCompositor's
// full update: it runs when a paint chunk is added or removed or changes its bounds, e.g. a line
// that wraps, a box whose text grows, a scroller scrolled without its own layer; otherwise only
// the repainted layers are updated, at a fraction of the cost). BYFILE=1 sums the sampled script
// time by the file it ran in (React, the stepper's chunks, the browser's own functions); the
// samples count wall time, so on a loaded machine only their ratios mean something.
import { chromium } from '@playwright/test';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { scrubTargets, timelineLength } from './lib/scrub-targets.mjs';
import { frameName, selfTimes } from './lib/cpu-profile.mjs';
import { walkStage } from './lib/drive-stage.mjs';
import { openRun, showPanel } from './lib/open-run.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { pageMainThread, threadEvents } from './lib/trace-events.mjs';

const cli = cliOf();
const dist = resolve(cli.positional('dist'));
const STEPS = cli.number('steps', 60);
const THROTTLE = cli.number('throttle', 1);
// CSS to add to the page before driving it (an experiment: `--css=".x{contain:strict}"`)
const CSS = cli.text('css');
// only the walks whose name starts so (`--only=scrub`)
const ONLY = cli.text('only');
// a panel to bring into view before each walk (`--panel=locals`): the panels out of view keep
// their step while the stepper moves, so what a step costs depends on which ones show
const PANEL = cli.text('panel');

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'blink.user_timing',
  'v8.execute',
  ...(process.env.LAYERIZE ? ['blink'] : []),
  ...(process.env.INVALIDATIONS
    ? ['disabled-by-default-devtools.timeline.invalidationTracking']
    : []),
].join(',');

// the trace events each kind is made of (their own time, nested events taken out)
const KIND = {
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  EvaluateScript: 'script',
  'v8.callFunction': 'script',
  RunMicrotasks: 'script',
  V8Execute: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  HitTest: 'other',
  ParseHTML: 'other',
};
const SCRIPT = new Set(Object.keys(KIND).filter((k) => KIND[k] === 'script'));

async function trace(cdp, act) {
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES.split(','), excludedCategories: ['*'] },
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await act();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  cdp.removeAllListeners('Tracing.dataCollected');
  return { events, profile };
}

// The thread's own CPU time in an event where the trace has it (tdur): on a loaded machine the
// wall time (dur) also counts the time other processes held the core.
const cpu = (e) => e.tdur ?? e.dur;

/** Sums the renderer main thread's self time by kind, and the forced style/layout by caller. */
function analyse(events, origin) {
  // the page's own renderer: the trace holds every renderer's threads, and the first
  // CrRendererMain named in it may be another's (a blank page's, the browser's own WebUI)
  const on = threadEvents(events, pageMainThread(events, origin));
  const self = {};
  const byName = {};
  const layouts = [];
  const paints = {};
  const forced = new Map();
  const stack = [];
  const nested = new Map(); // event -> time of its counted children
  let forcedMs = 0;
  for (const e of on) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const kind = KIND[e.name];
    if (kind) {
      // the nearest counted ancestor loses this event's time from its own
      const parent = [...stack].reverse().find((p) => KIND[p.name]);
      if (parent) nested.set(parent, (nested.get(parent) ?? 0) + cpu(e));
      if ((kind === 'style' || kind === 'layout') && stack.some((p) => SCRIPT.has(p.name))) {
        const frame = e.args?.beginData?.stackTrace?.[0] ?? e.args?.data?.stackTrace?.[0] ?? null;
        const where = frame
          ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`
          : '(no stack)';
        const key = `${e.name} ← ${where}`;
        const f = forced.get(key) ?? { n: 0, ms: 0 };
        f.n++;
        f.ms += cpu(e) / 1000;
        forced.set(key, f);
        forcedMs += cpu(e) / 1000;
      }
    }
    stack.push(e);
  }
  for (const e of on) {
    const kind = KIND[e.name];
    if (!kind) continue;
    const own = (cpu(e) - (nested.get(e) ?? 0)) / 1000;
    self[kind] = (self[kind] ?? 0) + own;
    byName[e.name] = (byName[e.name] ?? 0) + own;
    if (e.name === 'Paint' && process.env.PAINTS) {
      const c = e.args?.data?.clip;
      const w = c
        ? Math.round(Math.max(c[0], c[2], c[4], c[6]) - Math.min(c[0], c[2], c[4], c[6]))
        : 0;
      const h = c
        ? Math.round(Math.max(c[1], c[3], c[5], c[7]) - Math.min(c[1], c[3], c[5], c[7]))
        : 0;
      const key = `${e.args?.data?.nodeName ?? '?'} ${w}x${h}`;
      paints[key] = paints[key] ?? { n: 0, ms: 0 };
      paints[key].n++;
      paints[key].ms += own;
    }
    if (e.name === 'Layout' && e.args?.beginData)
      layouts.push({ dirty: e.args.beginData.dirtyObjects, total: e.args.beginData.totalObjects });
  }
  if (process.env.LAYERIZE) {
    const updates = on.filter((e) => e.name === 'PaintArtifactCompositor::Update');
    const layerizes = on.filter((e) => e.name === 'Layerize');
    const ms = updates.reduce((a, e) => a + cpu(e), 0) / 1000;
    console.log(
      `  full layerize updates: ${updates.length} in ${layerizes.length} layerize steps (${(ms / Math.max(1, updates.length)).toFixed(2)} ms each)`,
    );
  }
  if (process.env.INVALIDATIONS) {
    const inv = {};
    for (const e of events)
      if (/Invalidation|Invalidate/.test(e.name)) {
        const d = e.args?.data ?? {};
        const k = `${e.name} ${d.reason ?? d.changedAttribute ?? d.changedPseudo ?? ''} ${d.nodeName ?? ''}`;
        inv[k] = (inv[k] ?? 0) + 1;
      }
    for (const [k, v] of Object.entries(inv)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30))
      console.log(`  ${v}× ${k}`);
  }
  const tasks = on.filter(
    (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
  );
  if (process.env.DEBUG_TRACE) {
    const sum = (xs, f) => xs.reduce((a, x) => a + f(x), 0) / 1000;
    console.log(
      `  tasks ${tasks.length}: wall ${sum(tasks, (t) => t.dur).toFixed(1)} ms, cpu ${sum(tasks, (t) => t.tdur ?? 0).toFixed(1)} ms; with tdur ${on.filter((e) => e.tdur !== undefined).length} of ${on.length}`,
    );
    const L = on.filter((e) => e.name === 'Layout');
    console.log(
      `  Layout: wall ${sum(L, (t) => t.dur).toFixed(1)} cpu ${sum(L, (t) => t.tdur ?? 0).toFixed(1)}`,
    );
    const P = on.filter((e) => e.name === 'Paint');
    console.log(
      `  Paint: wall ${sum(P, (t) => t.dur).toFixed(1)} cpu ${sum(P, (t) => t.tdur ?? 0).toFixed(1)} n ${P.length}`,
    );
  }
  return { self, byName, layouts, paints, forced, forcedMs, tasks: tasks.length };
}

/** The functions the sampled script time went to, by self time. */
function hotFunctions(profile, top = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => hits.set(id, (hits.get(id) ?? 0) + (dt[i] ?? 0)));
  const byFn = new Map();
  for (const [id, us] of hits) {
    const cf = byId.get(id).callFrame;
    if (['(idle)', '(program)', '(root)'].includes(cf.functionName)) continue;
    const key = frameName(cf);
    byFn.set(key, (byFn.get(key) ?? 0) + us / 1000);
  }
  return [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top);
}

/** The components (capitalised functions) by time spent in them and what they call. */
function componentTimes(profile, top = 15) {
  const { byId, selfUs } = selfTimes(profile);
  const out = new Map();
  const walk = (node, open) => {
    const name = node.callFrame.functionName;
    const isComp = /^[A-Z]/.test(name) && node.callFrame.url !== '';
    const inside = new Set(open);
    if (isComp) inside.add(name);
    let total = selfUs.get(node.id) ?? 0;
    for (const c of node.children ?? []) total += walk(byId.get(c), inside);
    // counted once per outermost frame of that name
    if (isComp && !open.has(name)) out.set(name, (out.get(name) ?? 0) + total / 1000);
    return total;
  };
  walk(profile.nodes[0], new Set());
  return [...out].sort((a, b) => b[1] - a[1]).slice(0, top);
}

const site = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    bypassCSP: CSS !== '', // the page's policy refuses added styles
  });
  const cdp = await page.context().newCDPSession(page);
  const open = async (hash, min) => {
    await openRun(page, `${site.url}${hash}`, min);
    if (CSS) await page.addStyleTag({ content: CSS });
  };
  // a walk turns back at either end (a key at the end would step nowhere and cost nothing)
  const drive = async (mode, count) =>
    walkStage(page, {
      mode,
      count,
      targets: mode === 'scrub' ? scrubTargets(await timelineLength(page), count) : [],
      atEnd: 'turn',
    });
  if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  for (const [name, hash, min, mode] of [
    ['step, 4 leases', '', 2, 'step'],
    ['step, 1,000 leases', '#stepper?preset=thousand&x=script&k=0', 1000, 'step'],
    ['scrub, 1,000 leases', '#stepper?preset=thousand&x=script&k=0', 1000, 'scrub'],
  ]) {
    if (ONLY && !name.startsWith(ONLY)) continue;
    await open(hash, min);
    await drive(mode, 10); // warm up
    if (PANEL) await showPanel(page, PANEL);
    const { events, profile } = await trace(cdp, () => drive(mode, STEPS));
    const { self, byName, layouts, paints, forced, forcedMs } = analyse(events, site.url);
    console.log(
      `\n## ${name}: ${STEPS} commands${THROTTLE > 1 ? ` at ${THROTTLE}× throttling` : ''}`,
    );
    console.log('main-thread self time per command (ms):');
    for (const [k, v] of Object.entries(self).sort((a, b) => b[1] - a[1]))
      console.log(`  ${k.padEnd(8)} ${(v / STEPS).toFixed(2)}`);
    console.log(
      '  by event: ' +
        Object.entries(byName)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, v]) => `${k} ${(v / STEPS).toFixed(2)}`)
          .join(' · '),
    );
    const avg = (xs, f) =>
      xs.length ? Math.round(xs.reduce((a, x) => a + f(x), 0) / xs.length) : 0;
    console.log(
      `layouts: ${(layouts.length / STEPS).toFixed(1)} per command · objects laid out ${avg(layouts, (l) => l.dirty)} of ${avg(layouts, (l) => l.total)} on average`,
    );
    if (process.env.PAINTS)
      for (const [k, v] of Object.entries(paints)
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 10))
        console.log(`  paint ${k}: ${(v.n / STEPS).toFixed(1)}× ${(v.ms / STEPS).toFixed(2)} ms`);
    console.log(
      `forced style/layout inside script: ${(forcedMs / STEPS).toFixed(2)} ms per command`,
    );
    for (const [k, f] of [...forced].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
      console.log(`  ${(f.n / STEPS).toFixed(1)}× ${(f.ms / STEPS).toFixed(2)} ms  ${k}`);
    if (process.env.BYFILE) {
      const { byId, selfUs } = selfTimes(profile);
      const files = {};
      for (const [id, us] of selfUs) {
        const cf = byId.get(id).callFrame;
        const f = cf.url
          ? cf.url
              .split('/')
              .pop()
              .replace(/-[A-Za-z0-9_]{8}\.js$/, '')
          : cf.functionName.startsWith('(')
            ? cf.functionName
            : 'native';
        files[f] = (files[f] ?? 0) + us / 1000;
      }
      for (const [k, v] of Object.entries(files)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12))
        console.log(`  file ${(v / STEPS).toFixed(2)}  ${k}`);
    }
    console.log('hottest functions (self ms per command):');
    for (const [k, v] of hotFunctions(profile)) console.log(`  ${(v / STEPS).toFixed(2)}  ${k}`);
    console.log('components, with what they call (ms per command):');
    for (const [k, v] of componentTimes(profile)) console.log(`  ${(v / STEPS).toFixed(2)}  ${k}`);
  }
} finally {
  await browser.close();
  await site.close();
}
