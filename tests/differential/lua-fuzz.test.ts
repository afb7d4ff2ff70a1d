import { describe, expect, test } from 'vitest';
import { FROZEN_DB, FUZZ_NUM_RUNS } from '@batch-lease/redis-sim/differential/config.ts';
import {
  compareCase,
  describeLuaMismatch,
} from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { fuzzCaseArb } from '@batch-lease/redis-sim/differential/lua-fuzz-grammar.ts';
import { assertGeneratedAgree } from '@batch-lease/redis-sim/differential/lua-fuzz-run.ts';
import { knownDivergence } from '@batch-lease/redis-sim/differential/lua-known-divergences.ts';
import { LUA_REGRESSIONS } from './lua-regressions.ts';
import { simSide, useFrozenReal } from '@batch-lease/redis-sim/differential/lua-sides.ts';

const real = useFrozenReal(FROZEN_DB.fuzz);
const sim = simSide();

describe('generated scripts, real server against the simulator', () => {
  test(`${FUZZ_NUM_RUNS} generated scripts: same typed reply, error text included, same keyspace`, async () => {
    await assertGeneratedAgree(real.side, sim, fuzzCaseArb, FUZZ_NUM_RUNS);
  }, 600_000);
});

describe('pinned Lua regressions, real server against the simulator', () => {
  test.each(LUA_REGRESSIONS)('$name', async (c) => {
    const o = await compareCase(real.side, sim, c);
    const known = knownDivergence(c.name);
    if (known) expect(o.match, `listed as a known divergence (${known}): remove it`).toBe(false);
    else expect(o.match, describeLuaMismatch(c, o)).toBe(true);
  });
});
