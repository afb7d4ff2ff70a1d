import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, hasHighlighterCode, measureSizes } from '../bench/lib/sizes.mjs';

// Byte counts of the built site are deterministic, so the budgets of issue 6 are
// asserted here; timings are only reported by `npm run bench`.
const dist = resolve(__dirname, '../dist');

describe('size budgets of the built lesson', () => {
  if (!existsSync(resolve(dist, 'index.html'))) {
    it('needs a build', () => {
      throw new Error('dist/index.html is missing: run `npm run build` first (npm test does)');
    });
    return;
  }
  const sizes = measureSizes(dist);

  it('loads at most 110 KB gzip of JS before it is interactive', () => {
    expect(sizes.jsBeforeInteractive.files.length).toBeGreaterThan(0);
    expect(sizes.jsBeforeInteractive.gzip).toBeLessThanOrEqual(BUDGETS.jsBeforeInteractiveGzip);
  });

  it('ships at most 15 KB gzip of CSS', () => {
    expect(sizes.css.gzip).toBeLessThanOrEqual(BUDGETS.cssGzip);
  });

  it('keeps the lesson HTML at most 60 KB gzip', () => {
    expect(sizes.html.gzip).toBeLessThanOrEqual(BUDGETS.htmlGzip);
  });

  it('sends no highlighter code to the browser', () => {
    expect(sizes.highlighter.files).toEqual([]);
  });
});

describe('the highlighter detector', () => {
  // A detector that never fires would make the budget above meaningless.
  const sample = (rel: string) => readFileSync(resolve(__dirname, '../node_modules', rel), 'utf8');

  it('recognises Shiki, Oniguruma and a TextMate grammar', () => {
    expect(hasHighlighterCode(sample('@shikijs/core/dist/index.mjs'))).toBe(true);
    expect(hasHighlighterCode(sample('@shikijs/engine-oniguruma/dist/index.mjs'))).toBe(true);
    expect(hasHighlighterCode(sample('@shikijs/langs/dist/lua.mjs'))).toBe(true);
  });

  it('does not flag React', () => {
    expect(hasHighlighterCode(sample('react-dom/cjs/react-dom-client.production.js'))).toBe(false);
  });
});
