// Step-to-paint in the built lesson, in Debian's chromium: the time from a step command
// to the paint that shows it, measured inside the page with performance.now() and
// requestAnimationFrame. Each command is sent at the start of a frame (inside a rAF
// callback), so the figure is the work the step costs (event, React, style, layout,
// paint) and not the wait for the display's next vsync; a task queued from that
// callback runs once the frame has been painted, and closes the sample.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { runBigScenario, watchLongTasks } from './lib/big-scenario.mjs';
import { loadToLast } from './lib/load-to-last.mjs';
import { walkStage } from './lib/drive-stage.mjs';
import { openRun, showPanel, stageInView } from './lib/open-run.mjs';
import { scrubTargets, timelineLength } from './lib/scrub-targets.mjs';
import { watchLayoutShifts } from './lib/layout-shifts.mjs';
import { measurePageTasks } from './page-tasks.mjs';

const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
};
const summary = (xs) => ({
  n: xs.length,
  p50: Math.round(pct(xs, 0.5) * 100) / 100,
  p95: Math.round(pct(xs, 0.95) * 100) / 100,
  max: Math.round(pct(xs, 1) * 100) / 100,
});

/**
 * Plays a 10,000-pair scenario (built in the editor) at the top speed for `seconds`: the longest
 * task and the tasks over 200 ms once the run is ready, the steps shown per second (fewer than
 * asked means frames were dropped, not queued), and the JS heap before and after.
 */
async function measurePlayback(page, url, seconds = 10) {
  await page.goto(url);
  await page.locator('[data-stepper] [data-testid=step-counter]').waitFor();
  const pairs = await runBigScenario(page, 10_000);
  const heap = () => page.evaluate(() => Math.round(performance.memory.usedJSHeapSize / 1048576));
  const stepAt = () =>
    page.evaluate(() =>
      Number(
        /step ([\d,]+)/
          .exec(document.querySelector('[data-stepper] [data-testid=step-counter]').textContent)[1]
          .replace(/,/g, ''),
      ),
    );
  const root = page.locator('[data-stepper]').first();
  const longTasks = await watchLongTasks(page);
  const heapBefore = await heap();
  await stageInView(page);
  await root.getByLabel('speed').selectOption('120');
  const k0 = await stepAt();
  await root.getByRole('button', { name: 'Play' }).click();
  const t0 = Date.now();
  const heapDuring = [];
  for (let s = 0; s < seconds; s++) {
    await page.waitForTimeout(1000);
    heapDuring.push(await heap());
  }
  await root.getByRole('button', { name: 'Pause' }).click();
  const stepsPerSecond = Math.round(((await stepAt()) - k0) / ((Date.now() - t0) / 1000));
  const tasks = await longTasks();
  return {
    pairs,
    stepsPerSecond,
    longestTaskMs: Math.round(tasks.longest),
    tasksOver200: tasks.over200,
    heapMB: { before: heapBefore, peak: Math.max(...heapDuring), after: heapDuring.at(-1) },
  };
}

/**
 * Measures stepping and scrubbing; `root` is the built site (dist/). `quick` leaves out the 4×
 * throttled pass, the playback and the fresh-page loads (a check while working, not the bench).
 */
export async function measureInteraction({ root, samples = 200, quick = false } = {}) {
  const site = await serveStatic(root);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const open = (hash, minSteps) => openRun(page, `${site.url}${hash}`, minSteps);
    // `shift` moves each scrub target by that many steps (a walk that visits steps not visited)
    const targetsFor = async (mode, count, shift = 0) => {
      if (mode !== 'scrub') return [];
      const n = await timelineLength(page);
      return scrubTargets(n, count).map((k) => Math.min(n, k + shift));
    };
    // the layout shifts of every timed walk, summed (a step must move nothing on the page)
    const shifts = { entries: 0, score: 0, sources: [] };
    const run = async (mode, count, shift = 0) => {
      const targets = await targetsFor(mode, count, shift);
      const stop = await watchLayoutShifts(page);
      const out = await walkStage(page, { mode, count, targets });
      const seen = await stop();
      shifts.entries += seen.entries;
      shifts.score = Math.round((shifts.score + seen.score) * 1e4) / 1e4;
      for (const s of seen.sources) if (!shifts.sources.includes(s)) shifts.sources.push(s);
      return { n: await timelineLength(page), out };
    };

    // DOM mutations per step (or per scrub, `mode` 'scrub', to the same steps the timed scrub
    // visits): deterministic (no clock involved), so a change that makes a step touch more of the
    // page shows even when the timings are noise on a busy machine
    const mutations = async (count, mode = 'step') =>
      page.evaluate(
        async ({ count, mode, targets }) => {
          const root = document.querySelector('[data-stepper]');
          const range = root.querySelector('input[type=range]');
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
          const key = (k) =>
            root.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
          const act = (i) => {
            if (mode === 'step') return key('ArrowRight');
            setValue.call(range, String(targets[i]));
            range.dispatchEvent(new Event('input', { bubbles: true }));
          };
          const settle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          key('Home');
          await settle();
          // records reach the callback between steps; each step's count is what arrived since
          let seen = 0;
          const mo = new MutationObserver((records) => {
            seen += records.length;
          });
          mo.observe(root, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          const per = [];
          for (let i = 0; i < count; i++) {
            act(i);
            await settle();
            seen += mo.takeRecords().length;
            per.push(seen);
            seen = 0;
          }
          mo.disconnect();
          const total = per.reduce((a, b) => a + b, 0);
          return {
            steps: per.length,
            mean: Math.round((total / per.length) * 10) / 10,
            max: Math.max(...per),
            total,
          };
        },
        { count, mode, targets: await targetsFor(mode, count) },
      );

    const cdp = await page.context().newCDPSession(page);
    const measureAll = async () => {
      Object.assign(shifts, { entries: 0, score: 0, sources: [] });
      await open('', 2);
      const four = await run('step', samples);
      await open('#stepper?preset=thousand&x=script&k=0', 1000);
      const thousand = await run('step', samples);
      const scrub = await run('scrub', samples);
      // Panels out of view keep their step while the stepper moves, so what a scrub costs depends
      // on which ones show: the same scrub again with the locals panel (the largest) in view,
      // one step past each target so that no step is visited twice
      await showPanel(page, 'locals');
      const scrubLocals = await run('scrub', samples, 1);
      return {
        default: { steps: four.n, ...summary(four.out) },
        thousand: { steps: thousand.n, ...summary(thousand.out) },
        scrub: { steps: scrub.n, ...summary(scrub.out) },
        scrubLocals: { steps: scrubLocals.n, ...summary(scrubLocals.out) },
        layoutShift: { commands: 4 * samples, ...shifts },
      };
    };
    const quiet = await measureAll();
    await open('', 2);
    const mutFour = await mutations(40);
    await open('#stepper?preset=thousand&x=script&k=0', 1000);
    const mutThousand = await mutations(200);
    await open('#stepper?preset=thousand&x=script&k=0', 1000);
    const mutScrub = await mutations(200, 'scrub');
    const muts = { default: mutFour, thousand: mutThousand, scrub: mutScrub };
    if (quick) return { ...quiet, mutations: muts };
    // Lighthouse's mobile emulation slows the CPU 4×: the same figures on that budget
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const throttled = await measureAll();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const playback = await measurePlayback(page, site.url);
    // each sample on a fresh page, so no run and no warmed-up code is carried over
    const loads = [];
    for (let i = 0; i < 5; i++) {
      const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      loads.push(await loadToLast(fresh, site.url));
      await fresh.close();
    }
    const sorted = [...loads].sort((a, b) => a - b);
    const pageTasks = await measurePageTasks(browser, site.url);
    return {
      ...quiet,
      playback,
      pageTasks,
      loadToLast: {
        n: loads.length,
        median: Math.round(sorted[Math.floor(sorted.length / 2)]),
        max: Math.round(sorted.at(-1)),
        samples: loads.map((x) => Math.round(x)),
      },
      throttled4x: throttled,
      mutations: muts,
    };
  } finally {
    await browser.close();
    await site.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import('node:path');
  console.log(await measureInteraction({ root: resolve('dist') }));
}
