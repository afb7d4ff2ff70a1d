import { describe, test } from 'vitest';
import { COROUTINE_FUZZ_NUM_RUNS, FROZEN_DB } from './config.ts';
import { coroutineFuzzCaseArb } from './lua-fuzz-coroutines.ts';
import { assertGeneratedAgree } from './lua-fuzz-run.ts';
import { simSide, useFrozenReal } from './lua-sides.ts';

const real = useFrozenReal(FROZEN_DB.coroutineFuzz);
const sim = simSide();

describe('generated coroutine scripts, real server against the simulator', () => {
  test(`${COROUTINE_FUZZ_NUM_RUNS} generated coroutine scripts: same typed reply, error text included, same keyspace`, async () => {
    await assertGeneratedAgree(real.side, sim, coroutineFuzzCaseArb, COROUTINE_FUZZ_NUM_RUNS);
  }, 600_000);
});
