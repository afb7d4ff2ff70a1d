import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figuresMarkdown } from '../bench/lib/figures-doc.mjs';
import { mergeResults, parsePreviousResults } from '../bench/lib/merge-results.mjs';

// `npm run bench -- --only=interaction` once wrote a results.json holding only bytes and the
// interaction, so the engine's, Lighthouse's and the parser's recorded figures were gone from it
// and from the figures table built from it.
const recorded = JSON.parse(
  readFileSync(resolve(__dirname, '../bench/results.json'), 'utf8'),
) as Record<string, unknown>;
const step = (p95: number) => ({ p50: 1.5, p95, n: 40 });
const interactionOnly = {
  date: '2030-01-02T03:04:05.000Z',
  node: 'v99.0.0',
  bytes: recorded.bytes,
  luaEngine: recorded.luaEngine,
  interaction: {
    default: step(7.25),
    thousand: step(8.25),
    scrub: step(9.25),
    mutations: {
      default: { mean: 3, max: 4, steps: 20 },
      thousand: { mean: 5, max: 6, steps: 20 },
    },
  },
};

describe('a partial bench run records over the parts it did not run', () => {
  const merged = mergeResults(recorded, interactionOnly, ['bytes', 'interaction']);

  it('keeps the figures of the parts it skipped and takes its own for the parts it ran', () => {
    for (const key of ['lighthouse', 'engine', 'traceMemory', 'selectors', 'luaParse'])
      expect(merged[key], key).toEqual(recorded[key]);
    expect(merged.interaction).toEqual(interactionOnly.interaction);
    expect(merged.date).toBe(interactionOnly.date);
  });

  it('leaves every part in the figures table built from the merged record', () => {
    const table = figuresMarkdown(merged);
    expect(table).toContain('| step to paint, 4 leases (p50 / p95) | 1.5 / 7.25 ms |');
    expect(table).toContain('| batch script, 10,000 pairs |');
    expect(table).toContain('| Lighthouse performance (mobile, median of 3) |');
  });

  it('keeps nothing of the previous record when every part ran', () => {
    const full = mergeResults({ ...recorded, retired: 1 }, interactionOnly, [
      'bytes',
      'lighthouse',
      'interaction',
      'engine',
      'parse',
      'limits',
    ]);
    expect(full).toEqual(interactionOnly);
  });

  it('refuses a results.json it cannot read, naming it, rather than drop its figures', () => {
    expect(parsePreviousResults(undefined, 'bench/results.json')).toEqual({});
    expect(() => parsePreviousResults('{"bytes": ', 'bench/results.json')).toThrow(
      /bench\/results\.json is not a JSON object/,
    );
    expect(() => parsePreviousResults('[]', 'bench/results.json')).toThrow(/not a JSON object/);
  });
});

// The 4× rows of the figures table gave their p95s with no target, so the table never said
// whether the targets at 4× CPU throttling were met; stepping's layout shifts were not
// measured at all.
describe('the figures table holds the walks at 4× to their targets', () => {
  const withTargets = {
    ...interactionOnly,
    interaction: {
      ...interactionOnly.interaction,
      scrubLocals: step(9.5),
      throttled4x: {
        default: step(18.2),
        thousand: step(18.5),
        scrub: step(25.3),
        scrubLocals: step(19.5),
      },
      layoutShift: { commands: 800, entries: 2, score: 0.0012, sources: ['P'] },
    },
  };
  const table = figuresMarkdown(withTargets);

  it('gives the four-lease step at 4× the step target, and each scrub at 4× the scrub target', () => {
    expect(table).toMatch(
      /\| step to paint, 4 leases at 4× CPU throttling \(p50 \/ p95\) \| 1\.5 \/ 18\.2 ms \| p95 ≤ 16 ms \(\*\*missed\*\*\) \|/,
    );
    expect(table).toMatch(
      /\| scrub the 1,000-lease timeline at 4× CPU throttling \(p50 \/ p95\) \| 1\.5 \/ 25\.3 ms \| p95 ≤ 33 ms \(met\) \|/,
    );
    expect(table).toMatch(
      /\| the same scrub with the locals panel in view at 4× CPU throttling \(p50 \/ p95\) \| 1\.5 \/ 19\.5 ms \| p95 ≤ 33 ms \(met\) \|/,
    );
    // the 1,000-lease step at 4× has no target of its own
    expect(table).toMatch(
      /\| step to paint, 1,000 leases at 4× CPU throttling \(p50 \/ p95\) \| 1\.5 \/ 18\.5 ms \| {2}\|/,
    );
  });

  it('says how the walks shifted the layout, held to none', () => {
    expect(table).toMatch(
      /\| layout shifts while stepping[^|]* \| 2 · 0\.0012 in 800 commands \(moved: P\) \| 0 \(\*\*missed\*\*\) \|/,
    );
  });
});
