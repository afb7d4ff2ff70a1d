// The lesson's load, paired and measured in CPU time rather than wall time: for each variant (a
// built site), in turn round after round, one cold page load (a fresh browser) traced at 1× on
// Lighthouse's mobile screen, and the tasks of the page's main thread after its first contentful
// paint by the thread's own CPU time. Lighthouse's simulation runs the trace's tasks 4× slower,
// so each task's CPU × 4 over 50 ms sums to an estimate of its Total Blocking Time that the
// machine's load barely moves (Lighthouse takes the tasks' wall times, which on a shared machine
// stretch with the load; a thread's CPU time does not). With every task stretched 1.5× or 2×,
// the same sum shows how many tasks are near counting. The wall-time sum is given too.
//
//   node bench/ab-load-tasks.mjs --variant=<dist> --variant=<other dist> [--rounds=5]
//     [--seconds=6] [--verbose]
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { median } from './lib/median.mjs';
import { MOBILE_SCREEN } from './lib/chromium.mjs';
import { serveStatic } from './lib/static-server.mjs';
import {
  cpuOf,
  outermostTasks,
  pageMainThread,
  threadEvents,
  traceEvents,
} from './lib/trace-events.mjs';

const cli = cliOf();
const variants = cli.variants();
const rounds = cli.number('rounds', 5);
const SECONDS = cli.number('seconds', 6);
const VERBOSE = process.argv.includes('--verbose');

const ms = (us) => us / 1000;

/**
 * One traced cold load of `url`: the main thread's tasks (outermost only), each with its CPU and
 * wall time in ms and whether it ended after the first contentful paint, and the CPU time of the
 * renderer's other threads by name.
 */
async function tracedLoad(url) {
  // a browser of its own for each load, as Lighthouse's is cold: a renderer process that has
  // run the site's scripts before keeps them compiled (V8's cache in the process), and a load in
  // it compiled none of the functions a first visit compiles on the page's thread
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let events;
  try {
    const page = await browser.newPage(MOBILE_SCREEN);
    const cdp = await page.context().newCDPSession(page);
    events = await traceEvents(cdp, async () => {
      await page.goto(url);
      await page.waitForTimeout(SECONDS * 1000);
    }, ['toplevel', 'loading', '__metadata']);
  } finally {
    await browser.close();
  }
  const main = pageMainThread(events, url);
  const on = threadEvents(events, main);
  // Total Blocking Time counts the tasks after the first contentful paint
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? 0;
  // the other threads of the page's renderer (its worker, the compositor, raster, compile): on a
  // machine of two cores, what they run stretches the main thread's tasks
  const beside = new Map();
  for (const e of events.filter((x) => x.name === 'thread_name' && x.pid === main.pid)) {
    if (e.tid === main.tid) continue;
    const cpu = outermostTasks(threadEvents(events, e)).reduce((s, t) => s + ms(cpuOf(t)), 0);
    const name = e.args.name.replace(/\d+$/, '');
    if (cpu > 0) beside.set(name, (beside.get(name) ?? 0) + cpu);
  }
  const tasks = outermostTasks(on).map((t) => ({
    afterFcp: t.ts + t.dur > fcp,
    cpu: ms(cpuOf(t)),
    wall: ms(t.dur),
    what: on
      .filter(
        (e) =>
          e.ts >= t.ts &&
          e.ts + e.dur <= t.ts + t.dur &&
          !/RunTask$/.test(e.name) &&
          cpuOf(e) > 1_500,
      )
      .slice(0, 5)
      .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''}`),
  }));
  return { tasks, beside };
}

const sites = await Promise.all(variants.map((v) => serveStatic(v)));
const out = variants.map(() => []);
const loads = [loadavg()[0]];
try {
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < variants.length; i++) {
      const { tasks: all, beside } = await tracedLoad(sites[i].url);
      const tasks = all.filter((t) => t.afterFcp);
      const tbtAt = (stretch) =>
        tasks.reduce((s, t) => s + Math.max(0, t.cpu * 4 * stretch - 50), 0);
      const row = {
        tbt: tbtAt(1),
        tbt15: tbtAt(1.5),
        tbt2: tbtAt(2),
        wallTbt: tasks.reduce((s, t) => s + Math.max(0, t.wall * 4 - 50), 0),
        total: all.reduce((s, t) => s + t.cpu, 0),
        longest: Math.max(...tasks.map((t) => t.cpu)),
      };
      out[i].push(row);
      const long = tasks.filter((t) => t.cpu * 4 * 2 > 50);
      console.log(
        `${variants[i]} round ${r + 1}: est. TBT at 4× ${row.tbt.toFixed(0)} ms (stretched 1.5× ${row.tbt15.toFixed(0)}, 2× ${row.tbt2.toFixed(0)}) · from wall times ${row.wallTbt.toFixed(0)} ms · main CPU ${row.total.toFixed(0)} ms · tasks after FCP over 6.25 ms CPU: ${long.map((t) => t.cpu.toFixed(1)).join(' ')}`,
      );
      if (!VERBOSE) continue;
      const others = [...beside].filter(([, c]) => c >= 1).sort((a, b) => b[1] - a[1]);
      console.log(
        `    beside the main thread: ${others.map(([n, c]) => `${n} ${c.toFixed(0)}`).join(' · ')}`,
      );
      for (const t of long)
        console.log(
          `    ${t.cpu.toFixed(1)} ms CPU (${t.wall.toFixed(0)} wall) · ${t.what.join(' · ')}`,
        );
    }
} finally {
  loads.push(loadavg()[0]);
  await Promise.all(sites.map((s) => s.close()));
}
console.log(`load average ${loads.map((l) => l.toFixed(1)).join(' → ')}`);
const med = (i, key) => median(out[i].map((x) => x[key])).toFixed(0);
variants.forEach((v, i) =>
  console.log(
    `${v}: median est. TBT ${med(i, 'tbt')} ms (1.5× ${med(i, 'tbt15')}, 2× ${med(i, 'tbt2')}) · from wall times ${med(i, 'wallTbt')} ms · longest task ${med(i, 'longest')} ms CPU · main CPU ${med(i, 'total')} ms`,
  ),
);
