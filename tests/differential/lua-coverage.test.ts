import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FUZZ_NUM_RUNS,
  LUA_SEED,
  MUTANT_NUM_RUNS,
} from '@batch-lease/redis-sim/differential/config.ts';
import { FUZZ_CONSTRUCTS, measureFuzz, measureMutants } from './lua-coverage.ts';
import { fuzzCaseArb } from '@batch-lease/redis-sim/differential/lua-fuzz-grammar.ts';
import { LUA_LEASES, MUTANT_NAMES, mutantRunArb, type MutantName } from './lua-mutants.ts';
import { PANEL, PANEL_AREAS } from '@batch-lease/redis-sim/differential/lua-panel-cases.ts';

/** Exactly the values a property at `seed` draws in `numRuns` runs. */
function replay<T>(arb: fc.Arbitrary<T>, numRuns: number): T[] {
  const seen: T[] = [];
  fc.assert(
    fc.property(arb, (v) => {
      seen.push(v);
    }),
    { seed: LUA_SEED, numRuns },
  );
  return seen;
}

const mutantStream = replay(mutantRunArb, MUTANT_NUM_RUNS);
const mutants = measureMutants(mutantStream);
const fuzzStream = replay(fuzzCaseArb, FUZZ_NUM_RUNS);
const fuzz = measureFuzz(fuzzStream);

const isBatch = (m: MutantName) => !m.startsWith('single');

const MUTANT_MINIMUMS: Array<[string, number]> = [
  ...MUTANT_NAMES.flatMap((m): Array<[string, number]> => [
    [`mutant:${m}`, 25],
    [`${m} re-scores`, 10],
    [`${m} meets a wrong-type row`, 3],
    [`${m} meets a reaped lease`, isBatch(m) ? 5 : 2],
  ]),
  ...MUTANT_NAMES.filter(isBatch).map((m): [string, number] => [`${m} empty batch`, 1]),
  ['batch: numeric token compare token equal only as a number', 3],
  ...LUA_LEASES.map((l): [string, number] => [`lease:${JSON.stringify(l)}`, 3]),
];

const FUZZ_MINIMUMS: Array<[string, number]> = [
  ...FUZZ_CONSTRUCTS.map(([name]): [string, number] => [name, 20]),
  ['setup of 4 commands', 100],
  ['setup of 3 commands', 100],
  ['setup of 0 commands', 100],
  ['twelve lines or more', 50],
];

/** Script texts the issue names, each to be found in at least one panel case. */
const PANEL_MUST_HOLD = [
  'tostring(10/2)',
  '%.14g',
  'error("boom", 2)',
  'error({err',
  '{ok = ',
  '{err = ',
  'redis.error_reply(',
  'redis.status_reply(',
  'pcall(',
  'xpcall(',
  'string.gsub(',
  'string.format(',
  'table.sort(',
  'table.concat(',
  'cjson.encode(',
  'cjson.decode(',
  'cmsgpack.pack(',
  'bit.band(',
  'struct.pack(',
  'in pairs(',
  '#t',
  'x = 1',
  'undefinedvar',
  '//',
  'goto',
  'redis.call(',
  'redis.pcall(',
  'redis.sha1hex(',
  'math.random(',
  'KEYS',
  'ARGV',
];

describe('coverage of the Lua suites', () => {
  test('the streams are the ones the properties run', () => {
    expect(mutantStream).toHaveLength(MUTANT_NUM_RUNS);
    expect(fuzzStream).toHaveLength(FUZZ_NUM_RUNS);
    expect(fc.sample(fuzzCaseArb, { seed: LUA_SEED, numRuns: 3 })).toEqual(fuzzStream.slice(0, 3));
  });

  test.each(MUTANT_MINIMUMS)('mutants: %s is reached at least %i times', (key, min) => {
    expect(mutants.get(key) ?? 0).toBeGreaterThanOrEqual(min);
  });

  test.each(FUZZ_MINIMUMS)('fuzzer: %s appears in at least %i scripts', (key, min) => {
    expect(fuzz.get(key) ?? 0).toBeGreaterThanOrEqual(min);
  });

  test('the panel: at least 150 cases, unique names, every area at least 5', () => {
    expect(PANEL.length).toBeGreaterThanOrEqual(150);
    expect(new Set(PANEL.map((c) => c.name)).size).toBe(PANEL.length);
    const short = PANEL_AREAS.filter((a) => PANEL.filter((c) => c.area === a).length < 5);
    expect(short).toEqual([]);
  });

  test.each(PANEL_MUST_HOLD)('the panel holds a script with %s', (text) => {
    expect(PANEL.some((c) => c.script.includes(text) || c.command?.includes(text))).toBe(true);
  });

  test('the figures', () => {
    const rows = [...mutants, ...fuzz].sort(([a], [b]) => a.localeCompare(b));
    console.info(rows.map(([k, n]) => `${String(n).padStart(6)}  ${k}`).join('\n'));
    expect(rows.length).toBeGreaterThan(0);
  });
});
