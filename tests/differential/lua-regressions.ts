/**
 * Named Lua cases run through the same comparison as the panel: every
 * counterexample the generated suites find (shrunk by fast-check) is pinned
 * here with a name that says what diverged, so a fixed divergence stays fixed.
 * To pin one, copy the failure's `script:`, `keys:`, `args:` and `setup:` lines.
 */
import type { LuaCase } from './lua-compare.ts';

export const LUA_REGRESSIONS: LuaCase[] = [
  {
    name: 'the lesson script on a lease of nan: the member is re-scored to nan, which ZADD refuses',
    script: "local lease = tonumber(ARGV[1]) return redis.call('ZADD', KEYS[1], 5 + lease, 'm')",
    keys: ['z'],
    args: ['nan'],
  },
  {
    name: 'a status reply from redis.call stays a status reply',
    script: "return redis.call('SET', KEYS[1], 'v')",
    keys: ['k'],
  },
];
