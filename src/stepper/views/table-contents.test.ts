/**
 * The tables a run's locals show are kept as writes, not copies: a table's entries once, when a
 * local first shows it, then one write per change; and the contents folded from the packed
 * trace agree with the ones folded from plain step objects, at any step, forward or back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presetById } from '../../scenario/presets.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { tableAt } from './table-contents.ts';
import { createSimTraceSource, type ReadyRun } from '../runs/trace-source.ts';

const sim = createSimTraceSource();
const SEED = 20_261_201;

function runOf(
  script: string | null,
  preset: Parameters<typeof presetById>[0] = 'default',
): ReadyRun {
  const run = sim(presetById(preset).build(), 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  return run;
}

const writesOf = (run: ReadyRun) =>
  run.steps.reduce((n, s) => n + (s.locals?.tables?.length ?? 0), 0);

describe('table contents in the trace', () => {
  it('keeps one write per change: the 1,000-lease run holds TIME’s two entries and one per failed id', () => {
    const run = runOf(null, 'thousand');
    const failed = Array.isArray(run.reply) ? run.reply.length : -1;
    expect(failed).toBeGreaterThan(0);
    expect(writesOf(run)).toBe(2 + failed);
  });

  it('folds the same contents from the packed trace and from plain steps, at any step', () => {
    const script = [
      'local t = {}',
      'local inner = {1, 2}',
      'for j = 1, 12 do',
      '  t[j] = j',
      '  if j % 3 == 0 then t[j - 1] = nil end',
      '  t.last = j',
      '  inner[#inner + 1] = t',
      'end',
      'table.remove(inner, 1)',
      'return #t',
    ].join('\n');
    const packed = runOf(script);
    // the same steps as plain objects: the run index reads them without the packed columns
    const plain: ReadyRun = { ...packed, steps: packed.steps.map((s) => structuredClone(s)) };
    const a = buildRunIndex(packed);
    const b = buildRunIndex(plain);
    const addresses = new Set<string>();
    for (const s of plain.steps) for (const [t] of s.locals?.tables ?? []) addresses.add(t);
    expect(addresses.size).toBe(2);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: a.n }), { minLength: 1, maxLength: 20 }), (ks) => {
        for (const k of ks)
          for (const t of addresses) expect(tableAt(a, k, t)).toEqual(tableAt(b, k, t));
      }),
      { seed: SEED, numRuns: 50 },
    );
    // at the end: 1..12 with every third-minus-one removed, and `last`
    const end = [...addresses]
      .map((t) => tableAt(a, a.n, t)!)
      .find((v) => v.hash.some((e) => e.key === 'last'))!;
    expect(end.array.map((e) => ('gap' in e ? e : e.value))).toEqual([1]);
    expect(end.hash.map((e) => [e.key, e.value])).toEqual(
      expect.arrayContaining([
        [3, 3],
        ['last', 12],
      ]),
    );
  });
});
