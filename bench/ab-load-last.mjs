// Loading the 1,000-lease preset and jumping to its last step (bench/lib/load-to-last.mjs),
// paired: every variant (a built site) served at once and measured in turn on fresh pages of one
// browser, so the machine's load falls on all of them alike. bench/profile-load-last.mjs says
// where the time goes.
//
//   node bench/ab-load-last.mjs --variant=<dist> --variant=<other dist> [--rounds=5]
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { cliOf } from './lib/cli.mjs';
import { median } from './lib/median.mjs';
import { loadToLast } from './lib/load-to-last.mjs';
import { serveStatic } from './lib/static-server.mjs';

const cli = cliOf();
const variants = cli.variants();
const rounds = cli.number('rounds', 5);

const sites = await Promise.all(variants.map((v) => serveStatic(v)));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const samples = variants.map(() => []);
const loads = [loadavg()[0]];
try {
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < variants.length; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      samples[i].push(await loadToLast(page, sites[i].url));
      await page.close();
    }
} finally {
  loads.push(loadavg()[0]);
  await browser.close();
  await Promise.all(sites.map((s) => s.close()));
}
console.log(`load average ${loads.map((l) => l.toFixed(1)).join(' → ')}`);
variants.forEach((v, i) =>
  console.log(
    `${v}: median ${Math.round(median(samples[i]))} ms · ${samples[i].map(Math.round).join(' ')}`,
  ),
);
