import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A CSS module's class names are scoped (`_counter_nu9e1_207`): a prerendered element carrying
// one is styled at first paint only if a stylesheet the page links defines it. The islands'
// code (and with it their styles) loads lazily, so this holds only because the prerender links
// the islands' stylesheets (scripts/vite-plugin-prerender.ts); without that, the stepper and the
// fate picker showed unstyled until their code arrived, and for good with JavaScript off.
const dist = resolve(__dirname, '../dist');
const SCOPED = /^_[A-Za-z][\w-]*_[a-z0-9]{5}_\d+$/;

function pages(): string[] {
  const embed = join(dist, 'embed');
  return [
    'index.html',
    ...(existsSync(embed) ? readdirSync(embed).filter((f) => f.endsWith('.html')) : []).map(
      (f) => `embed/${f}`,
    ),
  ];
}

function unstyled(page: string): { classes: number; missing: string[] } {
  const html = readFileSync(join(dist, page), 'utf8');
  // the page names its stylesheets relatively to itself (the build's base is './')
  const linked = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)]
    .map((m) => readFileSync(join(dist, dirname(page), m[1]!), 'utf8'))
    .join('\n');
  const used = new Set<string>();
  for (const m of html.matchAll(/class="([^"]*)"/g))
    for (const c of m[1]!.split(/\s+/)) if (SCOPED.test(c)) used.add(c);
  const missing = [...used].filter((c) => !new RegExp(`\\.${c}(?![\\w-])`).test(linked));
  return { classes: used.size, missing };
}

describe('the prerendered pages are styled before any script runs', () => {
  if (!existsSync(join(dist, 'index.html'))) {
    it('needs a build', () => {
      throw new Error('dist/index.html is missing: run `npm run build` first (npm test does)');
    });
    return;
  }
  for (const page of pages()) {
    it(`${page}: every scoped class it carries is defined by a stylesheet it links`, () => {
      const { classes, missing } = unstyled(page);
      if (page === 'index.html') expect(classes).toBeGreaterThan(50);
      expect(missing).toEqual([]);
    });
  }
});
