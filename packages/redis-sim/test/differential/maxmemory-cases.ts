/**
 * maxmemory cases: each sets its own limit on both sides, then sends the same commands. The
 * used-memory figures differ (the simulator's is an estimate, the real one jemalloc's bytes
 * plus buffers of a megabyte or two), so every limit is far from both: a byte (over from the
 * start), 256mb (under throughout), or 20mb against a keyspace of 40 MB (over) or of a few
 * bytes (under).
 */
import type { SequenceCase } from './sequence-compare.ts';

const OVER: readonly string[] = ['CONFIG', 'SET', 'maxmemory', '1'];
const UNDER: readonly string[] = ['CONFIG', 'SET', 'maxmemory', '256mb'];
/** Commands 7.0.15 flags denyoom, one of each type. */
const ADDERS: readonly (readonly string[])[] = [
  ['SET', 'a', 'b'],
  ['INCR', 'n'],
  ['LPUSH', 'list', 'x'],
  ['HSET', 'h', 'f', 'v'],
  ['ZADD', 'z', '1', 'm'],
  ['SADD', 's', 'm'],
];
const eval0 = (body: string): string[] => ['EVAL', body, '0'];
/** A script in compatibility mode that writes 40 values of a megabyte: past 20mb, on any side. */
const FILL = eval0(
  "for i = 1, 40 do redis.call('SET', 'big' .. i, string.rep('x', 1000000)) end return 40",
);
const LIBRARY = [
  '#!lua name=lib',
  "redis.register_function('plain', function() return redis.call('SET', 'f', '1') end)",
  "redis.register_function{function_name='oomok', callback=function() return redis.call('SET', 'f', '2') end, flags={'allow-oom'}}",
  "redis.register_function{function_name='reads', callback=function() return redis.call('GET', 'f') end, flags={'no-writes'}}",
].join('\n');

export const MAXMEMORY_CASES: SequenceCase[] = [
  {
    name: 'over maxmemory, a command that may add memory is refused; reads, deletes and PING run',
    commands: [
      ['SET', 'kept', 'v'],
      ['RPUSH', 'list', 'a'],
      OVER,
      ...ADDERS,
      ['APPEND', 'kept', 'more'],
      ['SETRANGE', 'kept', '0', 'x'],
      ['COPY', 'kept', 'copy'],
      ['GETSET', 'kept', 'w'],
      ['LMOVE', 'list', 'other', 'LEFT', 'RIGHT'],
      ['GET', 'kept'],
      ['LLEN', 'list'],
      ['EXPIRE', 'kept', '100'],
      ['PERSIST', 'kept'],
      ['RENAME', 'kept', 'renamed'],
      ['LPOP', 'list'],
      ['DEL', 'renamed'],
      ['PING'],
      ['DBSIZE'],
    ],
  },
  {
    name: 'under maxmemory every command runs',
    commands: [
      UNDER,
      ...ADDERS,
      ['COPY', 'a', 'copy'],
      eval0("return redis.call('SET', 'e', 'v')"),
      ['MULTI'],
      ['SET', 'm', '1'],
      ['EXEC'],
    ],
  },
  {
    name: 'a script that starts under the limit may write past it; the next write is refused; DEL frees',
    commands: [
      ['CONFIG', 'SET', 'maxmemory', '20mb'],
      FILL,
      ['SET', 'after', 'x'],
      ['STRLEN', 'big40'],
      ['DBSIZE'],
      ['DEL', ...Array.from({ length: 40 }, (_, i) => `big${i + 1}`)],
      ['SET', 'after', 'x'],
      ['GET', 'after'],
    ],
  },
  {
    name: 'inside a script in compatibility mode: redis.call raises the OOM error, redis.pcall returns it',
    commands: [
      ['SET', 'r', 'v'],
      OVER,
      eval0("return redis.call('SET', 'a', 'b')"),
      eval0("return redis.pcall('SET', 'a', 'b')"),
      eval0("local r = redis.pcall('SET', 'a', 'b') return r.err"),
      eval0("local ok, e = pcall(redis.call, 'SET', 'a', 'b') return {tostring(ok), e.err}"),
      eval0("return redis.call('GET', 'r')"),
      // a first write that adds nothing (DEL) lets every later write through, as on the server
      eval0("redis.call('DEL', 'nothing') return redis.call('SET', 'a', 'b')"),
      ['GET', 'a'],
      eval0("return redis.call('INCR', 'n')"),
    ],
  },
  {
    name: 'a script that declares its flags: refused unless allow-oom or no-writes',
    commands: [
      ['SET', 'r', 'v'],
      OVER,
      eval0('#!lua\nreturn 1'),
      eval0("#!lua flags=allow-oom\nreturn redis.call('SET', 'x', 'y')"),
      ['GET', 'x'],
      eval0("#!lua flags=no-writes\nreturn redis.call('GET', 'r')"),
      eval0("#!lua flags=no-writes\nreturn redis.call('SET', 'r', 'w')"),
      ['SCRIPT', 'LOAD', '#!lua\nreturn 2'],
      ['EVALSHA', '0000000000000000000000000000000000000000', '0'],
      ['EVAL_RO', "return redis.call('GET', 'r')", '0'],
    ],
  },
  {
    name: 'EVALSHA of a cached script reads its flags from the cache',
    commands: [
      ['SCRIPT', 'LOAD', '#!lua\nreturn 2'],
      ['SCRIPT', 'LOAD', '#!lua flags=allow-oom\nreturn 3'],
      ['SCRIPT', 'LOAD', "return redis.call('SET', 'a', 'b')"],
      OVER,
      ['EVALSHA', '327e60b78547ebb77ec450ead371d5bd10cbdd69', '0'],
      ['EVALSHA', '1bc4df977a4d436ad9388a24ed16da82d72915dd', '0'],
      ['EVALSHA', 'e6fbbd6637fe61f548c8b03624d216fd7fb9dfd0', '0'],
      ['EVALSHA', 'e6fbbd6637fe61f548c8b03624d216fd7fb9dfd0'.toUpperCase(), '0'],
    ],
  },
  {
    name: 'functions: FUNCTION LOAD and FCALL of a function without allow-oom are refused over maxmemory',
    commands: [
      ['FUNCTION', 'LOAD', LIBRARY],
      ['SET', 'f', '0'],
      OVER,
      ['FCALL', 'plain', '0'],
      ['FCALL', 'oomok', '0'],
      ['FCALL', 'reads', '0'],
      ['FCALL_RO', 'reads', '0'],
      ['FCALL', 'nosuch', '0'],
      ['FUNCTION', 'LOAD', 'REPLACE', LIBRARY],
      ['FUNCTION', 'DELETE', 'lib'],
    ],
  },
  {
    name: 'in a transaction over maxmemory, every queued command is refused and EXEC aborts',
    commands: [
      ['SET', 'r', 'v'],
      OVER,
      ['MULTI'],
      ['GET', 'r'],
      ['PING'],
      ['SET', 'a', 'b'],
      ['EXEC'],
      ['MULTI'],
      ['DISCARD'],
      ['WATCH', 'r'],
      ['UNWATCH'],
      ['GET', 'r'],
    ],
  },
  {
    name: 'CONFIG SET and GET of maxmemory and its policy, with the server’s texts',
    commands: [
      ['CONFIG', 'SET', 'maxmemory', '1k'],
      ['CONFIG', 'GET', 'maxmemory'],
      ['CONFIG', 'SET', 'maxmemory', '1KB'],
      ['CONFIG', 'GET', 'MAXMEMORY'],
      ['CONFIG', 'SET', 'maxmemory', '5b'],
      ['CONFIG', 'GET', 'maxmemory', 'maxmemory'],
      ['CONFIG', 'SET', 'maxmemory', '3m'],
      ['CONFIG', 'GET', 'maxmemory'],
      ['CONFIG', 'SET', 'maxmemory', '2MB'],
      ['CONFIG', 'GET', 'maxmemory'],
      ['CONFIG', 'SET', 'MaxMemory', '12345'],
      ['CONFIG', 'GET', 'maxmemory'],
      ['CONFIG', 'SET', 'maxmemory', '1.5mb'],
      ['CONFIG', 'SET', 'maxmemory', '0x10'],
      ['CONFIG', 'SET', 'maxmemory', '-1'],
      ['CONFIG', 'SET', 'maxmemory', ' 5'],
      ['CONFIG', 'SET', 'maxmemory', '10%'],
      ['CONFIG', 'SET', 'maxmemory', '1tb'],
      ['CONFIG', 'GET', 'maxmemory'],
      ['CONFIG', 'SET', 'maxmemory-policy', 'NOEVICTION'],
      ['CONFIG', 'SET', 'maxmemory-policy', 'lru'],
      ['CONFIG', 'GET', 'maxmemory-policy'],
      ['CONFIG', 'SET', 'maxmemory'],
      ['CONFIG', 'SET', 'maxmemory', '5', 'maxmemory-policy'],
      ['CONFIG', 'SET', 'nosuch', '1'],
      ['CONFIG', 'SET', 'maxmemory', '1mb', 'nosuch', '1'],
      ['CONFIG', 'SET', 'maxmemory', '1mb', 'maxmemory', '2mb'],
      ['CONFIG', 'SET', 'maxmemory', 'x', 'maxmemory-policy', 'noeviction'],
      ['CONFIG', 'SET', 'maxmemory', '7mb', 'maxmemory-policy', 'noeviction'],
      ['CONFIG', 'GET', 'maxmemory'],
      ['CONFIG', 'GET', 'nosuch'],
      ['CONFIG', 'GET', 'nosuch*'],
      ['CONFIG', 'GET'],
      ['CONFIG'],
      ['CONFIG', 'NOSUCH'],
      ['CONFIG', 'HELP'],
      ['CONFIG', 'RESETSTAT'],
      ['CONFIG', 'REWRITE'],
      eval0("return redis.call('CONFIG', 'GET', 'maxmemory')"),
    ],
  },
];
