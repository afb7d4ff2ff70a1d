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
import { frameName, inclusiveTimes, selfTimes } from './lib/cpu-profile.mjs';
import { MOBILE_SCREEN } from './lib/chromium.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { outermostTasks, pageMainThread, threadEvents, traceEvents } from './lib/trace-events.mjs';

const cli = cliOf();
const dist = resolve(cli.positional('dist'));
const THROTTLE = cli.number('throttle', 4);
const SECONDS = cli.number('seconds', 8);
const TOP = cli.number('top', 30);
// how many of a long task's functions to name (build with `--minify false` for names)
const FNS = cli.number('functions', 12);
// `--own`: a long task's functions by their own time as well, the browser's included
// `--over=<ms>`: list every task longer than this (50 by default: what TBT counts at the throttle)
const OVER = cli.number('over', 50);
const OWN = process.argv.includes('--own');
// `--react`: name React's own functions in a long task's script too (render, commit, effects)
const REACT = process.argv.includes('--react');

const site = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage(MOBILE_SCREEN);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  let profile;
  const events = await traceEvents(cdp, async () => {
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
    ({ profile } = await cdp.send('Profiler.stop'));
  }, ['v8.execute', 'toplevel']);
  const on = threadEvents(events, pageMainThread(events, site.url));
  const nav = events.find(
    (e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser',
  );
  const t0 = nav?.ts ?? on[0].ts;
  const tasks = outermostTasks(on);
  // the profile's samples in the trace's clock, each with its stack, so a long task's script can
  // be told by the functions that ran in it
  const { byId: nodes } = selfTimes(profile);
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const samples = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    samples.push({ at, id, us: profile.timeDeltas[i + 1] ?? 0 });
  });
  /** The functions of the page's own code (not React's) that ran in [from, to), by time in them. */
  const functionsIn = (from, to) => {
    const total = new Map();
    for (const s of samples) {
      if (s.at < from || s.at >= to) continue;
      const seen = new Set();
      for (let id = s.id; id !== undefined; id = parentOf.get(id)) {
        const cf = nodes.get(id).callFrame;
        if (!cf.url || (!REACT && /react-/.test(cf.url))) continue;
        const key = frameName(cf);
        if (seen.has(key)) continue;
        seen.add(key);
        total.set(key, (total.get(key) ?? 0) + s.us / 1000);
      }
    }
    return [...total].sort((a, b) => b[1] - a[1]);
  };
  /** The functions (React's and the browser's too) that sampled in [from, to), by own time. */
  const ownIn = (from, to) => {
    const own = new Map();
    for (const s of samples) {
      if (s.at < from || s.at >= to) continue;
      const key = frameName(nodes.get(s.id).callFrame);
      own.set(key, (own.get(key) ?? 0) + s.us / 1000);
    }
    return [...own].sort((a, b) => b[1] - a[1]);
  };
  let blocking = 0;
  for (const t of tasks) {
    if (t.dur < OVER * 1000) continue;
    blocking += Math.max(0, t.dur / 1000 - 50);
    const inside = on.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
    const what = inside
      .filter((e) => !/RunTask$/.test(e.name) && e.dur > 5_000)
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
      `at ${((t.ts - t0) / 1000).toFixed(0)} ms: a ${(t.dur / 1000).toFixed(0)} ms task (${((t.tdur ?? t.dur) / 1000).toFixed(0)} ms of the thread's CPU) · ${[...new Set(what)].slice(0, 8).join(' · ')}`,
    );
    if (OWN)
      console.log(
        `    own time: ${ownIn(t.ts, t.ts + t.dur)
          .slice(0, FNS)
          .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
          .join(' · ')}`,
      );
    const fns = functionsIn(t.ts, t.ts + t.dur).filter(([, ms]) => ms >= 2);
    if (fns.length)
      console.log(
        `    its script: ${fns
          .slice(0, FNS)
          .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
          .join(' · ')}`,
      );
  }
  // the functions the load's script time went to, by their total time (what they call included)
  const total = inclusiveTimes(profile);
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
