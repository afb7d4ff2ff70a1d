// The page's own thread while the simulated server works (issue #30: "no task over 200 ms"):
// the longest task on the lesson page's main thread, from a Chrome trace, in three moments
// where the page used to run the simulator itself or draw what it made:
//   ready    the stepper readies its simulator while the learner reads near it (it used to
//            fetch and run the simulator's chunk on the page; now it starts its worker)
//   native   the native twin's run of the 1,000-lease scenario (made on the page before; now in
//            the worker, so the page only reads it back and draws it)
//   receive  a learner's long script, the costliest a lua= link can carry (a traced write a
//            step until the step budget stops it), on the 1,000-lease scenario, made in the
//            worker and drawn on the page
// Each task's wall time is what the learner waits; on a machine shared with other work it is the
// task's CPU time stretched by the load, so the thread's CPU time in that task is given beside it,
// with the load average it ran under.
import { readFileSync } from 'node:fs';
import { runOf } from './lib/open-run.mjs';

/** The limits part's 'traced writes' (bench/limits.ts): the most trace a step budget allows. */
const LONG_SCRIPT = "local i = 0 while true do i = i + 1 redis.call('SET', 'k' .. i, i) end";

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** Waits until nothing is running or loading in the page's stepper. */
const settled = (page) =>
  page.waitForFunction(
    () =>
      !document.querySelector('[data-testid=script-running], [data-testid=simulator-loading]') &&
      document.querySelector('[data-stepper] [data-testid=step-counter]'),
    null,
    { timeout: 120_000 },
  );

/** One fresh page through the three moments; each moment's longest task, wall and CPU. */
async function oneRound(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // a mark in the trace when the stepper goes live (its controls hydrated): readying follows
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-stepper] fieldset[data-live]')) return;
      seen.disconnect();
      performance.mark('bench:ready');
    });
    seen.observe(document, { subtree: true, childList: true, attributes: true });
  });
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['toplevel', 'blink.user_timing', '__metadata'],
      excludedCategories: ['*'],
    },
  });
  const load = [loadAverage()];
  await page.goto(`${url}#stepper`);
  await page.locator('[data-stepper] fieldset[data-live]').waitFor({ state: 'attached' });
  // the simulator's file the page fetched (the worker's, or the page's own chunk), then idle
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByType('resource')
        .some((r) => /\/(console-worker|trace-source)-[\w-]+\.js$/.test(r.name)),
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(3000);
  const moment = async (name, hash, done) => {
    await page.evaluate(
      ({ name, hash }) => {
        performance.mark(`bench:${name}`);
        location.hash = hash;
      },
      { name, hash },
    );
    await done();
    await page.waitForTimeout(1500);
  };
  await moment('native', '#stepper?preset=thousand&x=native', () => runOf(page, 1000, 120_000));
  const lua = Buffer.from(LONG_SCRIPT).toString('base64url');
  await moment('receive', `#stepper?preset=thousand&x=script&lua=${lua}`, async () => {
    await page.waitForTimeout(200);
    await settled(page);
  });
  load.push(loadAverage());
  await cdp.send('Tracing.end');
  await complete;
  await page.close();

  const marks = events.filter((e) => e.name?.startsWith('bench:') && e.cat === 'blink.user_timing');
  const pid = marks[0]?.pid;
  const main = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('page-tasks: no trace of the page’s main thread');
  const tasks = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ph === 'X' &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  );
  const at = (name) => marks.find((m) => m.name === `bench:${name}`)?.ts;
  const order = ['ready', 'native', 'receive'];
  const out = {};
  order.forEach((name, i) => {
    const from = at(name);
    const to = at(order[i + 1]) ?? Infinity;
    if (from === undefined) throw new Error(`page-tasks: the ${name} mark is not in the trace`);
    const inside = tasks.filter((t) => t.ts >= from && t.ts < to);
    const longest = inside.reduce((a, t) => (t.dur > (a?.dur ?? -1) ? t : a), null);
    out[name] = {
      wallMs: longest ? Math.round(longest.dur / 1000) : 0,
      cpuMs: longest ? Math.round((longest.tdur ?? 0) / 1000) : 0,
    };
  });
  return { ...out, load: Math.round(Math.max(...load) * 10) / 10 };
}

/**
 * The longest main-thread task of each moment, over `rounds` fresh pages: the median round's
 * wall time and the CPU time of that round's task, and the highest load average seen.
 */
export async function measurePageTasks(browser, url, rounds = 3) {
  const all = [];
  for (let i = 0; i < rounds; i++) all.push(await oneRound(browser, url));
  const median = (name) => {
    const sorted = all.map((r) => r[name]).sort((a, b) => a.wallMs - b.wallMs);
    return { ...sorted[Math.floor(sorted.length / 2)], maxWallMs: sorted.at(-1).wallMs };
  };
  return {
    rounds,
    ready: median('ready'),
    native: median('native'),
    receive: median('receive'),
    load: Math.max(...all.map((r) => r.load)),
  };
}

// node bench/page-tasks.mjs [dist] [rounds]: these figures alone, for a build
if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import('node:path');
  const { chromium } = await import('@playwright/test');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../scripts/chromium.mjs');
  const { serveStatic } = await import('./lib/static-server.mjs');
  const site = await serveStatic(resolve(process.argv[2] ?? 'dist'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log(await measurePageTasks(browser, site.url, Number(process.argv[3] ?? 3)));
  } finally {
    await browser.close();
    await site.close();
  }
}
