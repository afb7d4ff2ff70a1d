// Lighthouse's mobile performance (bench/lighthouse.mjs), paired: every variant (a built site)
// served at once and measured in turn, round after round, in one chromium, so the machine's
// load falls on all of them alike. Each run's score, TBT and LCP, and its long tasks as
// Lighthouse's simulation (4× CPU) counts them, with the script each is attributed to.
//
//   node bench/ab-lighthouse.mjs --variant=<dist> --variant=<other dist> [--rounds=3]
import { loadavg } from 'node:os';
import { ensureBenchPackages } from './lib/bench-deps.mjs';
import { cliOf } from './lib/cli.mjs';
import { median } from './lib/median.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { serveStatic } from './lib/static-server.mjs';

const cli = cliOf();
const variants = cli.variants();
const rounds = cli.number('rounds', 3);

ensureBenchPackages();
const { default: lighthouse } = await import('lighthouse');
const sites = await Promise.all(variants.map((v) => serveStatic(v)));
const chrome = await launchChromium();
const rows = variants.map(() => []);
const loads = [loadavg()[0]];
try {
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < variants.length; i++) {
      const { lhr } = await lighthouse(sites[i].url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const a = lhr.audits;
      const tasks = (a['long-tasks']?.details?.items ?? []).map(
        (t) =>
          `${Math.round(t.duration)}@${Math.round(t.startTime)} ${String(t.url).split('/').pop()}`,
      );
      const row = {
        score: Math.round(lhr.categories.performance.score * 100),
        tbt: Math.round(a['total-blocking-time'].numericValue),
        lcp: Math.round(a['largest-contentful-paint'].numericValue),
      };
      rows[i].push(row);
      console.log(
        `${variants[i]} round ${r + 1}: ${row.score} · TBT ${row.tbt} ms · LCP ${row.lcp} ms · long tasks ${tasks.join(', ')}`,
      );
    }
} finally {
  loads.push(loadavg()[0]);
  await chrome.close();
  await Promise.all(sites.map((s) => s.close()));
}
console.log(`load average ${loads.map((l) => l.toFixed(1)).join(' → ')}`);
variants.forEach((v, i) =>
  console.log(
    `${v}: median score ${median(rows[i].map((x) => x.score))} · TBT ${median(rows[i].map((x) => x.tbt))} ms · LCP ${median(rows[i].map((x) => x.lcp))} ms`,
  ),
);
