/**
 * Named Lua cases run through the same comparison as the panel: every
 * counterexample the generated suites find (shrunk by fast-check) is pinned
 * here with a name that says what diverged, so a fixed divergence stays fixed.
 * To pin one, copy the failure's `script:`, `keys:`, `args:` and `setup:` lines.
 */
import type { LuaCase } from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { readScriptSources } from './scripts.ts';

const { batch } = readScriptSources();

export const LUA_REGRESSIONS: LuaCase[] = [
  {
    // coroutine fuzzer, seed 20261201, case 103: lua-core answered "nan" once math.fmod's
    // result list had been optimized to unboxed doubles (it needs the 102 cases before it
    // to heat up; the coroutine fuzzer at its seed replays them)
    name: "a NaN keeps its sign bit through a math function's result (x86's 0/0 is -nan)",
    script:
      'local co = coroutine.create(function(x)\n  local b = tostring(coroutine.yield(1))\n  return tostring(tostring(math.fmod(-1, 0/0)))\nend)\nreturn {coroutine.resume(co), select(2, coroutine.resume(co, true))}',
  },
  {
    name: 'a lease of nan: the member is re-scored to nan, which ZADD refuses',
    script: "local lease = tonumber(ARGV[1]) return redis.call('ZADD', KEYS[1], 5 + lease, 'm')",
    keys: ['z'],
    args: ['nan'],
  },
  {
    name: 'a status reply from redis.call stays a status reply',
    script: "return redis.call('SET', KEYS[1], 'v')",
    keys: ['k'],
  },
  {
    // fuzzer, seed 20261201 shrunk: lua-core threw "Maximum call stack size exceeded"
    name: 'a parenthesised or runs (the simulator overflowed its stack)',
    script: 'return (nil or 0)',
  },
  {
    name: 'a parenthesised and runs',
    script: 'local a = (1 and 2) return {a, (false and 1) == false}',
  },
  {
    // mutant suite, seed 20261201 shrunk: lua-core answered "J3Ã¼" (UTF-8 encoded twice)
    name: 'an id with a non-ASCII character comes back in the failed list as it went in',
    script: batch,
    keys: ['emq:{q}:active', 'emq:{q}:'],
    args: ['1', 'J3ü', '01', 'J0', '0'],
    setup: [
      ['HSET', 'emq:{q}:job:J0', 'attempts', '1'],
      ['ZADD', 'emq:{q}:active', '100', 'J0'],
      ['HSET', 'emq:{q}:job:J3ü', 'group', 'g1'],
      ['ZADD', 'emq:{q}:active', '100', 'J3ü'],
    ],
  },
  {
    name: 'ARGV holding UTF-8 comes back byte for byte',
    script: 'return {ARGV[1], #ARGV[1], KEYS[1]}',
    keys: ['ｱ'],
    args: ['😀ü'],
  },
  // the fuzzer's shrunk finds on lua-core merged with lua-tables, lua-strings and lua-parse
  {
    name: "a compare error inside table.sort keeps Redis's script and line suffix",
    script: 'local t = {}\nt[1] = {}\nt[2] = {}\ntable.sort(t)',
  },
  {
    name: 'redis.call turns a NaN argument into the text C prints for it',
    script: "redis.call('SET', KEYS[1], 0/0) redis.call('SET', KEYS[2], -(0/0)) return 1",
    keys: ['n1', 'n2'],
  },
  {
    name: 'a UTF-8 literal in the script source comes back byte for byte',
    script: "return {'ü', #'ü', 'ｱ😀'}",
  },
  {
    name: 'a reply that is not UTF-8 is sent as its bytes',
    script: "redis.call('SET', KEYS[1], string.char(200, 255)) return string.char(200)",
    keys: ['b'],
  },
  {
    name: 'what pcall(redis.call, …) catches is the error text, not a table',
    script: "local ok, e = pcall(redis.call, 'GET') return {type(e), e}",
  },
  // the fuzzer at seeds 2011, 8080011 and 3141011, shrunk: the ^ operator was JavaScript's
  // Math.pow, a bit off in about one pair in ten and NaN where C's pow answers 1
  {
    name: 'a folded 0.5 ^ -2.5 is the correctly rounded 4·√2',
    script: "local a = (0.5 ^ -2.5) redis.call('ZADD', KEYS[1], a, 'm') return tostring(a)",
    keys: ['z1'],
  },
  {
    name: '(-1) ^ math.huge is 1, as C says',
    script: "return redis.error_reply(table.concat({math.floor((-(-1) ^ math.huge))}, ','))",
  },
  {
    name: '1 ^ nan is 1, as C says',
    script: 'local a = #ARGV return bit.tohex((a ^ -(0/0)))',
    args: ['a'],
  },
  // the fuzzer at seeds 600011 and 7777011, shrunk: Redis 7.0 marks an error a command
  // answered, or a call its checks refused, with ignore_error_stats_update, which
  // redis.pcall's table shows; the simulator's table had only `err`
  {
    name: "redis.pcall's table for a refused call carries ignore_error_stats_update",
    script: "local c = redis.pcall('SET', 'k1') return cjson.encode(c)",
  },
  {
    name: "redis.pcall's table for a command's error carries it too, first in pairs order",
    script:
      "redis.call('SET', KEYS[1], '10') local c = redis.pcall('HGET', KEYS[1], 0) local o = {} for k, v in pairs(c) do o[#o + 1] = k .. '=' .. tostring(v) end return o",
    keys: ['k1'],
  },
  {
    name: 'an xpcall handler meets the marked table; an argument error is not marked',
    script:
      "local _, a = xpcall(function() return redis.call('HGET', KEYS[1], 0) end, function(e) return cjson.encode(e) end) local b = redis.pcall('SET', 'k', {}) return {a, cjson.encode(b)}",
    keys: ['k1'],
    setup: [['SET', 'k1', '10']],
  },
  {
    // fuzzer, seed 2011 shrunk: a value past 64 bytes turns the hash into a hash table, whose
    // HGETALL order hangs on the real server's random seed; the comparison had taken insertion
    // order for it (keyspace-dump.ts now compares such a hash sorted)
    name: 'a hash written past its small encoding compares as a hash table',
    script:
      "local c = {pcall(function() return redis.call('ECHO', nil) end)}\nredis.call('HSET', KEYS[2], 'boolean', cjson.encode(c))\nreturn redis.call('OBJECT', 'ENCODING', KEYS[2])",
    keys: ['k1', 'h1'],
    setup: [
      ['SET', 'k1', '10'],
      ['HSET', 'h1', 'f', '1', 'g', 'x'],
    ],
  },
];
