// Which step moves what: walks the built lesson's stage (the 4-lease walk by →, the 1,000-lease
// run by → and by scrubbing) and prints, per layout-shift entry, the command that caused it and
// each source's node with its rectangle before and after.
//
//   node bench/shift-probe.mjs [dist] [--width=1280] [--height=900] [--url=embed/stepper.html]
//     [--tab=Locals --tab=Keyspace …] [--verbose=1]
// --url is the page under dist to open, without a leading slash (the lesson when absent); each
// --tab walks again with that stage tab open; --verbose=1 prints every entry, not the first six.
import { chromium } from '@playwright/test';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { openRun } from './lib/open-run.mjs';
import { scrubTargets } from './lib/scrub-targets.mjs';
import { serveStatic } from './lib/static-server.mjs';

const cli = cliOf();
const dist = resolve(cli.positional('dist'));
const width = cli.number('width', 1280);
const height = cli.number('height', 900);

/** Sends `acts` to the first stepper from inside the page; the entries each caused. */
function walk(page, acts) {
  return page.evaluate(async (acts) => {
    const root = document.querySelector('[data-stepper]');
    const range = root.querySelector('input[type=range]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const name = (n) => {
      if (!n) return '?';
      if (n.nodeType === Node.TEXT_NODE)
        return `#text "${n.nodeValue.slice(0, 24)}" in ${name(n.parentElement)}`;
      const cls = typeof n.className === 'string' && n.className ? `.${n.className}` : '';
      const part = n.dataset?.part ? `[${n.dataset.part}]` : '';
      return `${n.nodeName}${cls}${part}`;
    };
    const rect = (r) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    let at = '';
    const out = [];
    const take = (entries) => {
      for (const e of entries)
        out.push({
          at,
          value: Math.round(e.value * 1e5) / 1e5,
          sources: (e.sources ?? []).map(
            (s) => `${name(s.node)}: ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
          ),
        });
    };
    const po = new PerformanceObserver((list) => take(list.getEntries()));
    po.observe({ type: 'layout-shift' });
    for (const a of acts) {
      if (typeof a === 'number') {
        at = `scrub ${range.value}→${a}`;
        setValue.call(range, String(a));
        range.dispatchEvent(new Event('input', { bubbles: true }));
      } else {
        at = `${a} from ${range.value}`;
        root.dispatchEvent(new KeyboardEvent('keydown', { key: a, bubbles: true }));
      }
      await frame();
      take(po.takeRecords());
    }
    await frame();
    po.disconnect();
    return out;
  }, acts);
}

// the tabs to open before walking again (their names as the stage's buttons say them)
const tabs = cli.all('tab');
const verbose = cli.text('verbose') === '1';
const url = cli.text('url');

const site = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width, height } });
  const report = (title, entries) => {
    console.log(`\n== ${title}: ${entries.length} entries`);
    const by = new Map();
    for (const e of entries)
      for (const src of e.sources) {
        const key = src.replace(/:.*/, '').replace(/"[^"]*"/, '"…"');
        by.set(key, (by.get(key) ?? 0) + 1);
      }
    for (const [k, c] of [...by].sort((a, b) => b[1] - a[1])) console.log(`  ${c}× ${k}`);
    for (const e of verbose ? entries : entries.slice(0, 6))
      console.log(`  ${e.at} (${e.value})\n     ${e.sources.join('\n     ')}`);
  };
  const steps = () =>
    page.evaluate(() => Number(document.querySelector('[data-stepper] input[type=range]').max));
  const open = async (tab) => {
    if (!tab) return;
    await page
      .locator('[data-stepper]')
      .first()
      .getByRole('button', { name: tab, exact: true })
      .click();
    await page.waitForTimeout(300);
  };
  for (const tab of ['', ...tabs]) {
    const named = tab ? ` (${tab})` : '';
    await openRun(page, `${site.url}${url}`, 2);
    await open(tab);
    report(
      `4 leases, → to the end${named}`,
      await walk(page, ['Home', ...Array(await steps()).fill('ArrowRight')]),
    );
    await openRun(page, `${site.url}${url}#stepper?preset=thousand&x=script&k=0`, 1000);
    await open(tab);
    report(`1,000 leases, → ×200${named}`, await walk(page, Array(200).fill('ArrowRight')));
    report(`1,000 leases, scrub ×200${named}`, await walk(page, scrubTargets(await steps(), 200)));
  }
} finally {
  await browser.close();
  await site.close();
}
