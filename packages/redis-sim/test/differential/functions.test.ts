/**
 * FUNCTION, FCALL and redis.acl_check_cmd against redis-server 7.0.15: each case's replies,
 * typed, and the keyspace after. Libraries belong to the whole server (FLUSHALL keeps them),
 * so the cases run on a redis-server of their own, whose libraries, keys and scripts are
 * emptied before each case; the simulator side is a fresh server per case.
 */
import { describe, expect, test } from 'vitest';
import { FROZEN_CLOCK_US } from './config.ts';
import { ACL_CHECK_CASES } from './function-cases.ts';
import { simSide, type Side } from './lua-sides.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { runSequence, sequenceDiff } from './sequence-compare.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);

/** The real side: this file's own server, with no library, key or script left from before. */
const real: Side = {
  name: 'real',
  async fresh() {
    const c = own.client;
    const done = await c.pipeline([['FUNCTION', 'FLUSH'], ['SCRIPT', 'FLUSH'], ['FLUSHALL']]);
    if (JSON.stringify(done) !== JSON.stringify(Array(3).fill({ status: 'OK' }))) {
      throw new Error(`resetting the server answered ${JSON.stringify(done)}`);
    }
    return { send: c.pipeline, caller: c.caller };
  },
};
const sim = simSide();

describe('functions and ACL checks from scripts, as redis-server 7.0.15 answers them', () => {
  test.each([...ACL_CHECK_CASES])('$name', async (c) => {
    const r = await runSequence(real, c);
    const m = await runSequence(sim, c);
    expect(sequenceDiff(c, r, m).join('\n')).toBe('');
  });
});
