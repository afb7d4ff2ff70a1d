import { describe, expect, test } from 'vitest';
import { FROZEN_DB, FUZZ_NUM_RUNS } from './config.ts';
import { compareCase, describeLuaMismatch } from './lua-compare.ts';
import { fuzzCaseArb } from './lua-fuzz-grammar.ts';
import { assertGeneratedAgree } from './lua-fuzz-run.ts';
import { knownDivergence } from './lua-known-divergences.ts';
import { LUA_REGRESSIONS } from './lua-regressions.ts';
import { simSide, useFrozenReal } from './lua-sides.ts';

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
