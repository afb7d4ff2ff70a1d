/**
 * FUNCTION, FCALL and redis.acl_check_cmd against redis-server 7.0.15: each case's replies,
 * typed, and the keyspace after. Libraries belong to the whole server (FLUSHALL keeps them),
 * so the cases run on a redis-server of their own, whose libraries, keys and scripts are
 * emptied before each case; the simulator side is a fresh server per case.
 */
import { describe, expect, test } from 'vitest';
import { FROZEN_CLOCK_US } from './config.ts';
import {
  ACL_CHECK_CASES,
  FCALL_CASES,
  FUNCTION_ADMIN_CASES,
  FUNCTION_LOAD_CASES,
} from './function-cases.ts';
import { resetSide, simSide } from './lua-sides.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { runSequence, sequenceDiff } from './sequence-compare.ts';
import type { Wire } from './resp-client.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);

/** The real side: this file's own server, with no library, key or script left from before. */
const real = resetSide(
  () => own.client,
  [['FUNCTION', 'FLUSH'], ['SCRIPT', 'FLUSH'], ['FLUSHALL']],
);
const sim = simSide();

const byJson = (a: Wire, b: Wire) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

/**
 * A FUNCTION LIST reply with its libraries and each library's functions sorted: a real server
 * lists both in its hash tables' order, which a random seed picks at every start.
 */
function settled(cmd: readonly string[], reply: Wire): Wire {
  const isList = cmd.length > 1 && cmd[0]!.toUpperCase() === 'FUNCTION';
  if (!isList || cmd[1]!.toUpperCase() !== 'LIST' || !Array.isArray(reply)) return reply;
  return reply
    .map((lib) => {
      if (!Array.isArray(lib)) return lib;
      const at = lib.indexOf('functions');
      const fns = lib[at + 1];
      if (at < 0 || !Array.isArray(fns)) return lib;
      return [...lib.slice(0, at + 1), [...fns].sort(byJson), ...lib.slice(at + 2)];
    })
    .sort(byJson);
}

describe('functions and ACL checks from scripts, as redis-server 7.0.15 answers them', () => {
  test.each([...FUNCTION_LOAD_CASES, ...FCALL_CASES, ...FUNCTION_ADMIN_CASES, ...ACL_CHECK_CASES])(
    '$name',
    async (c) => {
      const r = await runSequence(real, c, settled);
      const m = await runSequence(sim, c, settled);
      expect(sequenceDiff(c, r, m).join('\n')).toBe('');
    },
  );
});
