// Lighthouse 12.2.3, mobile emulation (its default config), against the built
// site served on loopback through Debian's chromium. The median of three runs.
import { ensureBenchPackages } from './lib/bench-deps.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { serveStatic } from './lib/static-server.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs Lighthouse `runs` times on dist/ and returns the median of each figure. */
export async function measureLighthouse({ root, runs = 3 } = {}) {
  // installed by the bench itself, not by the root's npm ci (see lib/bench-deps.mjs)
  ensureBenchPackages();
  const { default: lighthouse } = await import('lighthouse');
  const site = await serveStatic(root);
  const chrome = await launchChromium();
  const rows = [];
  try {
    for (let k = 0; k < runs; k++) {
      const result = await lighthouse(site.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const { categories, audits } = result.lhr;
      rows.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcpMs: audits['largest-contentful-paint'].numericValue,
        tbtMs: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        failing: Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    }
  } finally {
    await chrome.close();
    await site.close();
  }
  const pick = (key) => median(rows.map((r) => r[key]));
  return {
    runs,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: Math.round(pick('lcpMs')),
    tbtMs: Math.round(pick('tbtMs')),
    cls: pick('cls'),
    failingAudits: [...new Set(rows.flatMap((r) => r.failing))],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { resolve } = await import('node:path');
  console.log(await measureLighthouse({ root: resolve('dist') }));
}
