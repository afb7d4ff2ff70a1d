import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../scenario/presets.ts';
import { buildRunIndex, keyspaceAt } from './run-index.ts';
import { runFromJSON, runToJSON } from './run-json.ts';
import { createSimTraceSource, type ReadyRun } from './trace-source.ts';

const through = (run: ReadyRun) => runFromJSON(JSON.parse(JSON.stringify(runToJSON(run))));

describe('a run as JSON', () => {
  const source = createSimTraceSource();
  const cases = PRESETS.flatMap((p) =>
    (['script', 'native'] as const).map((x) => [p.id, x, p.build] as const),
  );

  it.each(cases)('%s on %s comes back whole from a JSON round trip', (_id, executor, build) => {
    const run = source(build(), executor);
    if (run.status !== 'ready') throw new Error(`no ${executor} run`);
    const back = through(run);
    expect(back).toEqual(run);
    expect(back.initial.active).toBeInstanceOf(Map);
    expect(back.initial.rows).toBeInstanceOf(Map);
    // insertion order is part of the view (the visualizer lists active in it)
    expect([...back.initial.active.keys()]).toEqual([...run.initial.active.keys()]);
    expect([...back.initial.rows.keys()]).toEqual([...run.initial.rows.keys()]);
    const a = buildRunIndex(run);
    const b = buildRunIndex(back);
    expect(keyspaceAt(b, b.n)).toEqual(keyspaceAt(a, a.n));
  });

  it('keeps a wrong-type row as such', () => {
    const run = source(PRESETS.find((p) => p.id === 'wrongtype-midbatch')!.build(), 'script');
    if (run.status !== 'ready') throw new Error('no run');
    expect([...run.initial.rows.values()]).toContain('wrongtype');
    expect(through(run)).toEqual(run);
  });

  it('refuses a number JSON would change, rather than carry it wrong', () => {
    const run = source(PRESETS[0]!.build(), 'script');
    if (run.status !== 'ready') throw new Error('no run');
    const bad = { ...run, initial: { ...run.initial, active: new Map([['X', Infinity]]) } };
    expect(() => runToJSON(bad)).toThrow(
      /not JSON-safe: run\.initial\.active\[0\]\[1\] is Infinity/,
    );
    const negZero = { ...run, initial: { ...run.initial, active: new Map([['X', -0]]) } };
    expect(() => runToJSON(negZero)).toThrow(/-0/);
    // an integer reply past 2^53 is a bigint, which JSON cannot carry at all
    const big = { ...run, reply: 9007199254740993n };
    expect(() => runToJSON(big)).toThrow(
      /not JSON-safe: run\.reply is the integer 9007199254740993/,
    );
  });
});
