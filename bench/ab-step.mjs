// Paired comparison of what a step (or a scrub) costs in two or more builds, or with CSS added to
// one build: on a machine shared with other work the bench's figures move with the load, so a
// change is judged here by blocks of steps taken in turn on each variant, in one browser, so the
// load falls on all alike. Each block measures the bench's step-to-paint wall time (the same
// sampling as bench/interaction.mjs) and, in a traced block of its own, the main thread's CPU time
// by kind (script, style, layout, paint), which the load inflates less.
//
//   node bench/ab-step.mjs --variant=dist --variant=dist-old [--variant=dist+css:.x{…}]
//     [--walk=step|thousand|scrub] [--throttle=4] [--rounds=6] [--steps=30]
//
// A variant is a built site's folder, optionally followed by `+css:` and CSS to add to its page
// (an experiment; the page's policy refuses added styles, so those pages bypass it).
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { walkStage } from './lib/drive-stage.mjs';
import { openRun } from './lib/open-run.mjs';
import { scrubTargets, timelineLength } from './lib/scrub-targets.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { cpuByKind, threadEvents, traceEvents } from './lib/trace-events.mjs';

const cli = cliOf();
const VARIANTS = cli.all('variant');
const WALK = cli.text('walk') || 'step';
const THROTTLE = cli.number('throttle', 4);
const ROUNDS = cli.number('rounds', 6);
const STEPS = cli.number('steps', 30);

const HASH = { step: '', thousand: '#stepper?preset=thousand&x=script&k=0', scrub: '' };
HASH.scrub = HASH.thousand;
const MIN = { step: 2, thousand: 1000, scrub: 1000 };

/** The renderer main thread's own CPU time by kind, in ms, from a trace's events. */
function byKind(events) {
  // every page's renderer is traced: the walked page's main thread is the busiest one
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'Layout').length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  return main
    ? cpuByKind(threadEvents(events, main))
    : { script: 0, style: 0, layout: 0, paint: 0 };
}

const traced = async (cdp, act) => byKind(await traceEvents(cdp, act));

/** Takes the walk's commands, one per target, each at the start of a frame; their step-to-paint times. */
const walk = (page, mode, targets) => walkStage(page, { mode, count: targets.length, targets });

const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
};
const median = (xs) => pct(xs, 0.5);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const sites = new Map();
try {
  const variants = [];
  for (const spec of VARIANTS) {
    const [dir, css = ''] = spec.split('+css:');
    if (!sites.has(dir)) sites.set(dir, await serveStatic(resolve(dir)));
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      bypassCSP: css !== '',
    });
    await openRun(page, `${sites.get(dir).url}${HASH[WALK]}`, MIN[WALK]);
    if (css) await page.addStyleTag({ content: css });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    variants.push({ spec, page, cdp, wall: [], cpu: [] });
  }
  const n = WALK === 'step' ? 0 : await timelineLength(variants[0].page);
  const all = WALK === 'scrub' ? scrubTargets(n, ROUNDS * STEPS * 2 + 10) : [];
  const targetsOf = (i) =>
    WALK === 'scrub' ? all.slice(i * STEPS, (i + 1) * STEPS) : Array(STEPS).fill(0);
  const loads = [];
  for (let r = 0; r < ROUNDS; r++) {
    loads.push(loadavg()[0]);
    // the order turns each round, so neither variant always follows the other
    const order = r % 2 ? [...variants].reverse() : variants;
    for (const v of order) {
      await v.page.bringToFront();
      await walk(v.page, WALK, targetsOf(0).slice(0, 5)); // warm up
      v.wall.push(...(await walk(v.page, WALK, targetsOf(2 * r + 1))));
      v.cpu.push(await traced(v.cdp, () => walk(v.page, WALK, targetsOf(2 * r + 2))));
    }
  }
  const load = `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
  console.log(
    `${WALK} at ${THROTTLE}×: ${ROUNDS} rounds of ${STEPS} commands per variant, ${load}`,
  );
  for (const v of variants) {
    const per = (k) => median(v.cpu.map((c) => c[k] / STEPS)).toFixed(2);
    const total = median(
      v.cpu.map((c) => (c.script + c.style + c.layout + c.paint) / STEPS),
    ).toFixed(2);
    console.log(
      `${v.spec.slice(0, 60).padEnd(60)} wall p50 ${median(v.wall).toFixed(1)} p95 ${pct(v.wall, 0.95).toFixed(1)} · cpu ${total} (script ${per('script')} style ${per('style')} layout ${per('layout')} paint ${per('paint')})`,
    );
  }
} finally {
  await browser.close();
  for (const s of sites.values()) await s.close();
}
