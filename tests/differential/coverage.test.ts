import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EXTRA_LEASES, ODD_LEASES, ODD_TOKENS, scenarioArb } from './arbitraries.ts';
import { NUM_RUNS, SEED } from '@batch-lease/redis-sim/differential/config.ts';
import { measure } from './coverage.ts';
import type { Scenario } from './scenario.ts';

/** Exactly the scenarios the differential property runs: same arbitrary, seed and count. */
function replayStream(): Scenario[] {
  const seen: Scenario[] = [];
  fc.assert(
    fc.property(scenarioArb, (s) => {
      seen.push(s);
    }),
    { seed: SEED, numRuns: NUM_RUNS },
  );
  return seen;
}

const stream = replayStream();
const coverage = measure(stream);

/** Each corner the issue names, and the fewest times the stream must reach it. */
const MINIMUMS: Array<[string, number]> = [
  ['script:batch', 1000],
  ['script:single', 300],
  ...(['batch', 'single'] as const).flatMap((script): Array<[string, number]> => [
    [`${script} fate:live`, script === 'batch' ? 300 : 60],
    [`${script} fate:lane`, script === 'batch' ? 100 : 15],
    [`${script} fate:stale`, script === 'batch' ? 200 : 30],
    [`${script} fate:reaped`, script === 'batch' ? 100 : 15],
    [`${script} fate:not-active`, script === 'batch' ? 50 : 10],
    [`${script} fate:gone-in-active`, script === 'batch' ? 100 : 15],
    [`${script} fate:no-row`, script === 'batch' ? 50 : 10],
    [`${script} fate:unknown`, script === 'batch' ? 100 : 15],
    [`${script} fate:no-attempts`, script === 'batch' ? 50 : 10],
    [`${script} fate:wrong-type-row`, script === 'batch' ? 50 : 10],
    [`${script} fate:wrong-type-active`, script === 'batch' ? 10 : 3],
  ]),
  ['row type:string', 30],
  ['row type:list', 30],
  ['row type:zset', 30],
  ['ids:unknown', 200],
  ['ids:odd', 50],
  ['ids:duplicated', 200],
  ['ids:trailing', 100],
  ['one score, members in byte order', 20],
  ...ODD_TOKENS.map((t): [string, number] => [`token:${JSON.stringify(t)}`, 10]),
  ...ODD_LEASES.map((l): [string, number] => [`lease:${JSON.stringify(l)}`, 10]),
  ...EXTRA_LEASES.map((l): [string, number] => [`lease:${JSON.stringify(l)}`, 2]),
  ['active:string', 3],
  ['active:hash', 3],
  ['active:list', 3],
  ['active:missing', 50],
  ['abort after a re-score', 30],
  ['batch:empty', 50],
  ['batch:several hundred pairs', 50],
];

describe('coverage of the generated differential stream', () => {
  test(`the stream is the ${NUM_RUNS} scenarios the property runs`, () => {
    expect(stream).toHaveLength(NUM_RUNS);
    expect(fc.sample(scenarioArb, { seed: SEED, numRuns: 5 })).toEqual(stream.slice(0, 5));
  });

  test.each(MINIMUMS)('%s is reached at least %i times', (key, min) => {
    expect(coverage.get(key) ?? 0).toBeGreaterThanOrEqual(min);
  });

  test('the figures', () => {
    const rows = [...coverage.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.info(rows.map(([k, n]) => `${String(n).padStart(6)}  ${k}`).join('\n'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
