// What one write costs in layout, by the place in the stage it is made. A step writes into a few
// places at once (the counter and the timeline, the narration, the lit line, the members, the
// locals); a Chrome trace of a step gives one Layout for all of them. Here each place is written
// alone, 200 times, each write followed by a forced layout, and the trace gives the main thread's
// CPU time per layout and the objects it laid out. Two writes into boxes added for the purpose tell
// the cost of the place from the cost of the boxes around it: a box of fixed size with
// `contain: strict` inside the narration (a relayout boundary: only it is laid out again), and
// the same box made an item of the narration's grid (`.says`), which Chromium never takes as a
// relayout boundary, so its layout walks the stage's grids from the page down.
//
//   node bench/layout-probe.mjs [dist] [--css=…]
//
// CPU time (a trace event's tdur), so a loaded machine inflates it less than wall time; compare
// the rows of one run, not runs taken at different loads.
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { openRun } from './lib/open-run.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { traceEvents } from './lib/trace-events.mjs';

const cli = cliOf();
const dist = resolve(cli.positional('dist'));
// CSS to add to the page first (a trial: `--css=".x{contain:strict}"`)
const CSS = cli.text('css');
const WRITES = 200;

/** Installs `window.__probes`: per place, a function that makes a writer `(i) => void`. */
function installProbes() {
  const root = document.querySelector('[data-stepper]');
  const q = (sel) => root.querySelector(sel);
  // a text node of `el` whose text a write replaces (its own, or its last descendant's)
  const textIn = (el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let last = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue.trim()) last = n;
    return last;
  };
  const textWriter = (el) => {
    const t = textIn(el);
    const was = t.nodeValue;
    return (i) => {
      t.nodeValue = i % 2 ? `${was}1` : was;
    };
  };
  const box = (parent, css) => {
    const d = document.createElement('div');
    d.style.cssText = css;
    d.textContent = 'x';
    parent.append(d);
    return (i) => {
      d.firstChild.nodeValue = `lease ${i} extended: the score moves to 17000000${i}`;
    };
  };
  window.__probes = {
    counter: () => textWriter(q('[data-testid=step-counter]')),
    timeline: () => {
      const range = q('input[type=range]');
      const n = Number(range.max);
      return (i) => {
        range.value = String(i % n);
      };
    },
    narration: () => textWriter(q('[class*=_narration_]')),
    'lit line': () => {
      const lines = [...q('[data-testid=code-view]').querySelectorAll('[data-line]')];
      const lit = lines.find((l) => l.hasAttribute('aria-current'));
      const others = new Set(lines.filter((l) => l !== lit).flatMap((l) => [...l.classList]));
      const cls = [...lit.classList].filter((c) => !others.has(c));
      return (i) => {
        for (const l of [lit, lines[(i % (lines.length - 1)) + 1]]) {
          l.classList.remove(...cls);
          l.removeAttribute('aria-current');
        }
        const on = lines[((i + 1) % (lines.length - 1)) + 1];
        on.classList.add(...cls);
        on.setAttribute('aria-current', 'step');
      };
    },
    'members cell': () => textWriter(q('[data-region=state] td[data-verdict]')),
    'locals cell': () => textWriter(q('[data-region=more] dd')),
    'contained box in the narration': () =>
      box(q('[class*=_narration_]'), 'contain:strict;width:300px;height:20px'),
    'the same box, a grid item of .says': () =>
      box(q('[class*=_says_]'), 'contain:strict;width:300px;height:20px'),
  };
  return Object.keys(window.__probes);
}

const site = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: !!CSS });
  await openRun(page, site.url, 2);
  if (CSS) await page.addStyleTag({ content: CSS });
  // a few steps in, so a line is lit, a member has a verdict and locals are in scope
  for (let i = 0; i < 6; i++)
    await page.evaluate(() =>
      document
        .querySelector('[data-stepper]')
        .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })),
    );
  await page.waitForTimeout(300);
  const names = await page.evaluate(installProbes);
  const cdp = await page.context().newCDPSession(page);
  console.log(
    `layout per write, ${WRITES} writes a place, load average ${loadavg()[0].toFixed(1)}`,
  );
  for (const name of names) {
    let error = null;
    const events = await traceEvents(cdp, async () => {
      error = await page.evaluate(
        ({ name, writes }) => {
          try {
            const write = window.__probes[name]();
            for (let i = 0; i < writes; i++) {
              write(i);
              void document.body.offsetHeight;
            }
            return null;
          } catch (e) {
            return String(e);
          }
        },
        { name, writes: WRITES },
      );
    });
    const layouts = events.filter((e) => e.name === 'Layout' && e.ph === 'X');
    const per = (f) => layouts.reduce((a, e) => a + f(e), 0) / Math.max(1, layouts.length);
    console.log(
      `  ${name.padEnd(36)} ${
        error ??
        `${(per((e) => e.tdur ?? e.dur) / 1000).toFixed(3)} ms · ${Math.round(per((e) => e.args?.beginData?.dirtyObjects ?? 0))} objects (${layouts.length} layouts)`
      }`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
