import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FROZEN_DB, FUZZ_NUM_RUNS, LUA_SEED } from './config.ts';
import { compareCase, describeLuaMismatch } from './lua-compare.ts';
import { fuzzCaseArb } from './lua-fuzz-grammar.ts';
import { LUA_REGRESSIONS } from './lua-regressions.ts';
import { connectFrozen, realSide, simSide, type Side } from './lua-sides.ts';
import type { RespClient } from './resp-client.ts';

let client: RespClient;
let real: Side;
const sim = simSide();
beforeAll(async () => {
  client = await connectFrozen(FROZEN_DB.fuzz);
  real = realSide(client);
});
afterAll(async () => {
  await client?.close();
});

describe('generated scripts, real server against the simulator', () => {
  test(`${FUZZ_NUM_RUNS} generated scripts: same typed reply, error text included, same keyspace`, async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCaseArb, async (c) => {
        const o = await compareCase(real, sim, c);
        if (!o.match) throw new Error(describeLuaMismatch(c, o));
      }),
      { seed: LUA_SEED, numRuns: FUZZ_NUM_RUNS },
    );
  }, 600_000);
});

describe('pinned Lua regressions, real server against the simulator', () => {
  test.each(LUA_REGRESSIONS)('$name', async (c) => {
    const o = await compareCase(real, sim, c);
    expect(o.match, describeLuaMismatch(c, o)).toBe(true);
  });
});
