// Where loading the 1,000-lease preset and jumping to its last step spends its time
// (bench/lib/load-to-last.mjs), traced in chromium: for each variant (a built site), paired
// round by round on fresh pages of one browser, the jump's wall time, the CPU time of the page's
// main thread by kind and of its worker (where the run is made), the tasks of each over 10 ms
// (`--timeline`: every task), and, for the last round, the functions the main thread's script
// time went to (build with `--minify false` for names). The CPU times are what compare on a
// shared machine: the wall time of a chain of main thread → worker → main thread stretches with
// the load at every hop.
//
//   node bench/profile-load-last.mjs --variant=<dist> [--variant=<other dist>] [--rounds=3]
//     [--top=25] [--timeline]
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { frameName, inclusiveTimes, selfTimes } from './lib/cpu-profile.mjs';
import { loadToLast } from './lib/load-to-last.mjs';
import { serveStatic } from './lib/static-server.mjs';
import {
  KIND,
  cpuByKind,
  cpuOf,
  outermostTasks,
  threadEvents,
  traceEvents,
} from './lib/trace-events.mjs';

const cli = cliOf();
const variants = cli.variants();
const rounds = cli.number('rounds', 3);
const TOP = cli.number('top', 25);
const TIMELINE = process.argv.includes('--timeline');

const ms = (us) => (us / 1000).toFixed(0);

/** A task as a line: when after the jump, its wall and CPU time, and what ran in it. */
function taskLine(t, on, from) {
  const inside = on.filter(
    (e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && KIND[e.name],
  );
  const what = inside
    .filter((e) => e.dur > (TIMELINE ? 300 : 3_000))
    .slice(0, 6)
    .map((e) => {
      const d = e.args?.data ?? {};
      const name = d.type ?? d.functionName ?? '';
      return `${e.name}${name === '' ? '' : `(${name})`} ${(e.dur / 1000).toFixed(1)}`;
    });
  return `+${ms(t.ts - from)} ms: ${ms(t.dur)} ms (cpu ${ms(cpuOf(t))}) ${what.join(' · ')}`;
}

/** The jump's main-thread CPU by kind and in tasks, its workers' CPU, and their tasks. */
function analyse(events) {
  // the renderer whose page made the jump (its mark), not another one's
  const mark = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'jump');
  const main = { pid: mark.pid, tid: mark.tid };
  const on = threadEvents(events, main, mark.ts);
  const tasks = outermostTasks(on);
  const workers = events
    .filter(
      (e) => e.name === 'thread_name' && e.pid === main.pid && /Worker/.test(e.args?.name ?? ''),
    )
    .map((w) => ({ name: w.args.name, tasks: outermostTasks(threadEvents(events, w, mark.ts)) }))
    .map((w) => ({ ...w, cpu: w.tasks.reduce((s, t) => s + cpuOf(t), 0) / 1000 }))
    .filter((w) => w.cpu > 0);
  return {
    kinds: cpuByKind(on),
    mainCpu: tasks.reduce((s, t) => s + cpuOf(t), 0) / 1000,
    long: tasks
      .filter((t) => t.dur > (TIMELINE ? 500 : 10_000))
      .map((t) => taskLine(t, on, mark.ts)),
    workers: workers.map((w) => ({
      name: w.name,
      cpu: w.cpu,
      long: w.tasks.filter((t) => t.dur > 5_000).map((t) => taskLine(t, [], mark.ts)),
    })),
  };
}

/** The profile's functions by own time and with their callees, the `TOP` of each. */
function printFunctions(profile) {
  const { byId, selfUs } = selfTimes(profile);
  const self = new Map();
  for (const [id, us] of selfUs) {
    const key = frameName(byId.get(id).callFrame);
    self.set(key, (self.get(key) ?? 0) + us / 1000);
  }
  const top = (map) => [...map].sort((x, y) => y[1] - x[1]).slice(0, TOP);
  console.log('  main thread script by function, own time (ms):');
  for (const [k, v] of top(self)) console.log(`    ${v.toFixed(1).padStart(6)}  ${k}`);
  console.log('  main thread script by function, what it calls included (ms):');
  for (const [k, v] of top(inclusiveTimes(profile)))
    console.log(`    ${v.toFixed(1).padStart(6)}  ${k}`);
}

const sites = await Promise.all(variants.map((v) => serveStatic(v)));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const loads = [loadavg()[0]];
try {
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < variants.length; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const cdp = await page.context().newCDPSession(page);
      let events = [];
      let profile;
      const took = await loadToLast(page, sites[i].url, async (jump) => {
        let out;
        events = await traceEvents(cdp, async () => {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
          await page.waitForTimeout(50);
          out = await jump();
          await page.waitForTimeout(200);
          ({ profile } = await cdp.send('Profiler.stop'));
        }, ['v8.execute', 'toplevel', '__metadata']);
        return out;
      });
      const a = analyse(events);
      const k = a.kinds;
      console.log(
        `${variants[i]} round ${r + 1}: ${Math.round(took)} ms · main CPU ${a.mainCpu.toFixed(0)} (script ${k.script.toFixed(0)}, style ${k.style.toFixed(0)}, layout ${k.layout.toFixed(0)}, paint ${k.paint.toFixed(0)}) · ${a.workers.map((w) => `${w.name} ${w.cpu.toFixed(0)}`).join(', ')}`,
      );
      for (const l of a.long) console.log(`    main ${l}`);
      for (const w of a.workers) for (const l of w.long) console.log(`    worker ${l}`);
      if (r === rounds - 1 && TOP > 0) printFunctions(profile);
      await page.close();
    }
} finally {
  loads.push(loadavg()[0]);
  await browser.close();
  await Promise.all(sites.map((s) => s.close()));
}
console.log(`load average ${loads.map((l) => l.toFixed(1)).join(' → ')}`);
