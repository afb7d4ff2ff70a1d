// Where the lesson's load blocks the main thread, from a Chrome trace under Lighthouse's mobile
// budget (4× CPU, a 412 px wide screen): every task over 50 ms (what Total Blocking Time adds
// up, the part over 50 ms of each), with what ran in it (the scripts evaluated, the functions
// called, the HTML parsed). Not a figure to hold a target to: `npm run bench` runs Lighthouse.
//
//   node bench/profile-load.mjs [dist] [--throttle=4] [--seconds=8]
import { chromium } from '@playwright/test';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { frameName, selfTimes } from './lib/cpu-profile.mjs';
import { serveStatic } from './lib/static-server.mjs';

const cli = cliOf();
const dist = resolve(cli.positional('dist'));
const THROTTLE = cli.number('throttle', 4);
const SECONDS = cli.number('seconds', 8);
const TOP = cli.number('top', 30);

const site = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'toplevel',
      ],
      excludedCategories: ['*'],
    },
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const t0Wall = Date.now();
  page.on('requestfinished', (r) => {
    if (/\.(js|css)$/.test(r.url()))
      console.log(`  fetched at ~${Date.now() - t0Wall} ms: ${r.url().split('/').pop()}`);
  });
  await page.goto(site.url);
  await page.waitForTimeout(SECONDS * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Tracing.end');
  await done;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts);
  const nav = events.find(
    (e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser',
  );
  const t0 = nav?.ts ?? on[0].ts;
  const tasks = on.filter(
    (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
  );
  let blocking = 0;
  for (const t of tasks) {
    if (t.dur < 50_000) continue;
    blocking += t.dur / 1000 - 50;
    const inside = on.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
    const what = inside
      .filter((e) =>
        [
          'EvaluateScript',
          'FunctionCall',
          'ParseHTML',
          'v8.compile',
          'Layout',
          'UpdateLayoutTree',
          'TimerFire',
          'FireIdleCallback',
          'EventDispatch',
          'v8.evaluateModule',
          'ParseAuthorStyleSheet',
        ].includes(e.name),
      )
      .filter((e) => e.dur > 5_000)
      .map((e) => {
        const d = e.args?.data ?? {};
        const where = (d.url ?? d.functionName ?? d.type ?? '').split('/').pop();
        return `${e.name}${where ? ` ${where}` : ''}${d.functionName && d.url ? ` ${d.functionName}` : ''} ${(e.dur / 1000).toFixed(0)}`;
      });
    for (const l of inside.filter((e) => e.name === 'Layout' && e.dur > 20_000)) {
      const b = l.args?.beginData ?? {};
      const f = b.stackTrace?.[0];
      console.log(
        `    layout ${(l.dur / 1000).toFixed(0)} ms: ${b.dirtyObjects} of ${b.totalObjects} objects${f ? `, forced by ${f.functionName} ${f.url.split('/').pop()}:${f.lineNumber}` : ''}`,
      );
    }
    console.log(
      `at ${((t.ts - t0) / 1000).toFixed(0)} ms: a ${(t.dur / 1000).toFixed(0)} ms task · ${[...new Set(what)].slice(0, 8).join(' · ')}`,
    );
  }
  // the functions the load's script time went to, by their total time (what they call included)
  const { byId, selfUs } = selfTimes(profile);
  const total = new Map();
  const walk = (node, open) => {
    const cf = node.callFrame;
    const key = frameName(cf);
    let t = selfUs.get(node.id) ?? 0;
    const inner = new Set(open).add(key);
    for (const c of node.children ?? []) t += walk(byId.get(c), inner);
    if (cf.url && !open.has(key)) total.set(key, (total.get(key) ?? 0) + t / 1000);
    return t;
  };
  walk(profile.nodes[0], new Set());
  console.log('script by function, what it calls included (ms):');
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`  ${v.toFixed(0).padStart(5)}  ${k}`);
  console.log(
    `blocking (sum of each long task's time over 50 ms, the whole ${SECONDS} s): ${blocking.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await site.close();
}
