/** Runs a generated-case arbitrary at the Lua seed and holds every case to exact agreement. */
import fc from 'fast-check';
import { LUA_SEED } from './config.ts';
import { compareCase, describeLuaMismatch, type LuaCase } from './lua-compare.ts';
import type { Side } from './lua-sides.ts';

/** Every generated case gives the same typed reply (error text included) and keyspace on both sides. */
export async function assertGeneratedAgree(
  real: Side,
  sim: Side,
  cases: fc.Arbitrary<LuaCase>,
  numRuns: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(cases, async (c) => {
      const o = await compareCase(real, sim, c);
      // every run must agree exactly, bytes that are not UTF-8 included
      if (!o.match) throw new Error(describeLuaMismatch(c, o));
    }),
    { seed: LUA_SEED, numRuns },
  );
}
