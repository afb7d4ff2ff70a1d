import fc from 'fast-check';
import { describe, test } from 'vitest';
import {
  FROZEN_DB,
  LUA_SEED,
  MUTANT_NUM_RUNS,
} from '@batch-lease/redis-sim/differential/config.ts';
import {
  compareCase,
  describeLuaMismatch,
} from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { mutantCase, mutantRunArb, mutantSources } from './lua-mutants.ts';
import { simSide, useFrozenReal } from '@batch-lease/redis-sim/differential/lua-sides.ts';

const real = useFrozenReal(FROZEN_DB.mutants);
const sim = simSide();
const sources = mutantSources();

describe("the lesson's scripts and their mutants, real server against the simulator", () => {
  test(`${MUTANT_NUM_RUNS} generated runs on one frozen clock: same typed reply, same keyspace`, async () => {
    await fc.assert(
      fc.asyncProperty(mutantRunArb, async (run) => {
        const c = mutantCase(run, sources);
        const o = await compareCase(real.side, sim, c);
        if (!o.match) {
          throw new Error(`${describeLuaMismatch(c, o)}\nrun: ${JSON.stringify(run)}`);
        }
      }),
      { seed: LUA_SEED, numRuns: MUTANT_NUM_RUNS },
    );
  }, 600_000);
});
