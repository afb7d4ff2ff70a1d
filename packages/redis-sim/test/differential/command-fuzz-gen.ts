/**
 * The generated programs of the command fuzzer: a keyspace holding one key of every type (some
 * with a time to live), then a few hundred commands drawn from every modelled data command —
 * well-formed argument lists from each command's own grammar, and arbitrary ones (wrong counts,
 * wrong numbers, unknown options) — on a small pool of keys, so every type meets every command
 * (WRONGTYPE) and keys are created, overwritten, emptied and expired. A step may also move the
 * clock on, which lets the keys with a time to live expire.
 */
import fc from 'fast-check';
import { zsetGrammars } from './command-fuzz-zsets.ts';

/** The keys every program uses: one per type at the start, one left empty, one that expires. */
export const KEYS = ['str', 'num', 'hash', 'list', 'zset', 'iset', 'hset', 'ttl', 'none'] as const;

/** What the keyspace holds before a program's first command (as commands, run on both sides). */
export const SETUP: readonly (readonly string[])[] = [
  ['SET', 'str', 'hello'],
  ['SET', 'num', '12'],
  ['HSET', 'hash', 'f1', 'v1', 'f2', '2'],
  ['RPUSH', 'list', 'a', 'b', 'c', 'a'],
  ['ZADD', 'zset', '1', 'a', '2', 'b', '2.5', 'c'],
  ['SADD', 'iset', '1', '2', '3', '-5'],
  ['SADD', 'hset', 'a', 'b', '1', 'c'],
  ['SADD', 'ttl', 'x', '7'],
  ['PEXPIRE', 'ttl', '40'],
  ['PEXPIRE', 'num', '2500'],
];

/** One step: a command, or a move of both clocks by some milliseconds. */
export type Step = { cmd: string[] } | { advanceMs: number };

const key = fc.constantFrom<string>(...KEYS);
/** Members and values: integers (canonical and not), words, the empty string, a long value. */
const member = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'c', 'x', 'y', '1', '2', '3', '-5', '7') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '007',
      '-0',
      '1.5',
      '9223372036854775807',
      'ünï',
      'a'.repeat(70),
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: -20, max: 600 }).map(String) },
);
const count = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -6, max: 8 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('x', '1.5', '', '-9223372036854775808', '99999') },
);
// a cursor the server did not hand out names a slot of its table: only 0 and unreadable ones
const cursor = fc.constantFrom('0', '0', 'x', '1.5', '', '18446744073709551616');

const keysOf = (min: number, max: number) => fc.array(key, { minLength: min, maxLength: max });
const membersOf = (min: number, max: number) =>
  fc.array(member, { minLength: min, maxLength: max });

/** Many integer members at once: what carries a set, hash or sorted set over its size threshold. */
export const manyInts = fc
  .tuple(fc.constantFrom(127, 128, 129, 511, 512, 513), fc.integer({ min: -3, max: 3 }))
  .map(([n, from]) => Array.from({ length: n }, (_, i) => String(from + i)));

/** A command's well-formed argument lists (after its name). */
type Grammar = fc.Arbitrary<string[]>;

const scanOptions = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constant('MATCH'), fc.constantFrom('*', 'a*', '[0-9]*', '?')),
      fc.tuple(fc.constant('COUNT'), fc.constantFrom('1', '2', '10', '0', 'x')),
    ),
    { maxLength: 2 },
  )
  .map((opts) => opts.flat());

const float = fc.constantFrom(
  '0.1',
  '0.2',
  '-2.5',
  '3',
  '1e3',
  '1.5e-3',
  '5.0e3',
  'inf',
  '-inf',
  '1e400',
  '0x10',
  ' 1',
  'nan',
  '',
  '1e-4000',
  '10.50',
  '-0',
  '9007199254740993',
);
const int = fc.oneof(
  fc.integer({ min: -5, max: 20 }).map(String),
  fc.constantFrom('9223372036854775807', '-9223372036854775808', '1.5', 'x', '', '+1', '010'),
);
const value = fc.oneof(member, float, int);
const expiry = fc.oneof(
  fc.tuple(fc.constantFrom('EX', 'ex'), fc.constantFrom('1', '3', '0', '-1', 'x')),
  fc.tuple(
    fc.constantFrom('PX', 'px'),
    fc.constantFrom('10', '20', '2000', '0', '9223372036854775807'),
  ),
  fc.tuple(
    fc.constantFrom('EXAT', 'PXAT'),
    fc.constantFrom('1', '1764576001', '1764576000123', '4000000000000'),
  ),
);
const pairsOf = (min: number, max: number) =>
  fc.array(fc.tuple(key, value), { minLength: min, maxLength: max }).map((p) => p.flat());
const unary = key.map((k) => [k]);
const keyAnd = <T extends string>(a: fc.Arbitrary<T>) => fc.tuple(key, a).map((x) => [...x]);
const keyAnd2 = (a: fc.Arbitrary<string>, b: fc.Arbitrary<string>) =>
  fc.tuple(key, a, b).map((x) => [...x]);

/** The string and generic key commands' grammars. */
const STRING_GRAMMARS: Record<string, Grammar> = {
  GET: unary,
  SET: fc
    .tuple(
      key,
      value,
      fc.array(
        fc.oneof(
          fc.constantFrom(['NX'], ['XX'], ['GET'], ['KEEPTTL']),
          expiry.map((e) => [...e]),
        ),
        {
          maxLength: 2,
        },
      ),
    )
    .map(([k, v, o]) => [k, v, ...o.flat()]),
  SETNX: keyAnd(value),
  SETEX: keyAnd2(fc.constantFrom('1', '10', '0', '-5', 'x'), value),
  PSETEX: keyAnd2(fc.constantFrom('20', '5000', '0', 'x'), value),
  GETSET: keyAnd(value),
  GETDEL: unary,
  GETEX: fc
    .tuple(
      key,
      fc.option(
        fc.oneof(
          fc.constant(['PERSIST']),
          expiry.map((e) => [...e]),
        ),
        { nil: null },
      ),
    )
    .map(([k, o]) => [k, ...(o ?? [])]),
  MGET: keysOf(1, 4),
  MSET: pairsOf(1, 3),
  MSETNX: pairsOf(1, 3),
  APPEND: keyAnd(value),
  STRLEN: unary,
  GETRANGE: keyAnd2(int, int),
  SUBSTR: keyAnd2(int, int),
  SETRANGE: keyAnd2(fc.constantFrom('0', '1', '3', '10', '-1', 'x'), value),
  INCR: unary,
  DECR: unary,
  INCRBY: keyAnd(int),
  DECRBY: keyAnd(int),
  INCRBYFLOAT: keyAnd(float),
  LCS: fc
    .tuple(
      key,
      key,
      fc.array(
        fc.oneof(
          fc.constantFrom(['LEN'], ['IDX'], ['WITHMATCHLEN'], ['len']),
          fc
            .tuple(fc.constant('MINMATCHLEN'), fc.constantFrom('0', '1', '2', '-1', 'x'))
            .map((t) => [...t]),
        ),
        { maxLength: 3 },
      ),
    )
    .map(([a, b, o]) => [a, b, ...o.flat()]),
  DEL: keysOf(1, 3),
  UNLINK: keysOf(1, 3),
  EXISTS: keysOf(1, 3),
  TOUCH: keysOf(1, 3),
  TYPE: unary,
  RENAME: fc.tuple(key, key).map((x) => [...x]),
  RENAMENX: fc.tuple(key, key).map((x) => [...x]),
  COPY: fc.tuple(key, key, fc.subarray(['REPLACE', 'DB', '0'])).map(([a, b, o]) => [a, b, ...o]),
  RANDOMKEY: fc.constant([]),
  EXPIRE: keyAnd(fc.constantFrom('1', '2', '100', '0', '-1', 'x')),
  PEXPIRE: keyAnd(fc.constantFrom('10', '50', '2500', '0', '-5')),
  PERSIST: unary,
  TTL: unary,
  PTTL: unary,
  OBJECT: fc.oneof(
    fc.tuple(fc.constantFrom('ENCODING', 'REFCOUNT', 'FREQ', 'encoding'), key).map((x) => [...x]),
    fc.constant<string[]>(['HELP']),
  ),
  DBSIZE: fc.constant([]),
};

const field = member;
const fieldsOf = (min: number, max: number) => fc.array(field, { minLength: min, maxLength: max });
const end = fc.constantFrom('LEFT', 'RIGHT', 'left', 'UP');
/** Field-value pairs: a few of any kind, or many integers (past the listpack's 128 entries). */
const fieldPairs = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.tuple(field, value), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: manyInts.map((ns) => ns.map((n) => [n, n] as [string, string])) },
);
const lposOption = fc.oneof(
  fc.tuple(fc.constantFrom('RANK', 'rank'), fc.constantFrom('1', '2', '-1', '-3', '0', 'x')),
  fc.tuple(fc.constant('COUNT'), fc.constantFrom('0', '1', '2', '-1', 'x')),
  fc.tuple(fc.constant('MAXLEN'), fc.constantFrom('0', '1', '3', '-1')),
);

/** A blocking command's timeout: mostly short ones that end, sometimes 0 (for ever) or refused. */
const timeout = fc.constantFrom('0.5', '1', '0.001', '0.0001', '2.5', '0', '-1', 'x', 'inf');

/** The hash and list commands' grammars, the blocking ones included (command-fuzz-blocking.ts). */
const LIST_HASH_GRAMMARS: Record<string, Grammar> = {
  HSET: fc.tuple(key, fieldPairs).map(([k, p]) => [k, ...p.flat()]),
  HMSET: fc.tuple(key, fieldPairs).map(([k, p]) => [k, ...p.flat()]),
  HSETNX: keyAnd2(field, value),
  HGET: keyAnd(field),
  HMGET: fc.tuple(key, fieldsOf(1, 3)).map(([k, f]) => [k, ...f]),
  HGETALL: unary,
  HKEYS: unary,
  HVALS: unary,
  HLEN: unary,
  HEXISTS: keyAnd(field),
  HSTRLEN: keyAnd(field),
  HDEL: fc.tuple(key, fieldsOf(1, 3)).map(([k, f]) => [k, ...f]),
  HINCRBY: keyAnd2(field, int),
  HINCRBYFLOAT: keyAnd2(field, float),
  HRANDFIELD: fc
    .tuple(
      key,
      fc.option(fc.tuple(count, fc.constantFrom([], ['WITHVALUES'], ['withvalues'], ['X']))),
    )
    .map(([k, o]) => (o ? [k, o[0], ...o[1]] : [k])),
  LPUSH: fc.tuple(key, membersOf(1, 4)).map(([k, m]) => [k, ...m]),
  RPUSH: fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, membersOf(1, 4)).map(([k, m]) => [k, ...m]) },
    { weight: 1, arbitrary: fc.tuple(key, manyInts).map(([k, m]) => [k, ...m]) },
  ),
  LPUSHX: fc.tuple(key, membersOf(1, 3)).map(([k, m]) => [k, ...m]),
  RPUSHX: fc.tuple(key, membersOf(1, 3)).map(([k, m]) => [k, ...m]),
  LPOP: fc.oneof(unary, keyAnd(count)),
  RPOP: fc.oneof(unary, keyAnd(count)),
  LLEN: unary,
  LINDEX: keyAnd(int),
  LRANGE: keyAnd2(int, int),
  LREM: keyAnd2(count, member),
  LSET: keyAnd2(int, member),
  LTRIM: keyAnd2(int, int),
  LINSERT: fc
    .tuple(key, fc.constantFrom('BEFORE', 'after', 'MIDDLE'), member, member)
    .map((x) => [...x]),
  LPOS: fc
    .tuple(key, member, fc.array(lposOption, { maxLength: 3 }))
    .map(([k, m, o]) => [k, m, ...o.flat()]),
  LMOVE: fc.tuple(key, key, end, end).map((x) => [...x]),
  RPOPLPUSH: fc.tuple(key, key).map((x) => [...x]),
  BLPOP: fc.tuple(keysOf(1, 3), timeout).map(([k, t]) => [...k, t]),
  BRPOP: fc.tuple(keysOf(1, 3), timeout).map(([k, t]) => [...k, t]),
  BLMOVE: fc.tuple(key, key, end, end, timeout).map((x) => [...x]),
  BRPOPLPUSH: fc.tuple(key, key, timeout).map((x) => [...x]),
  BLMPOP: fc
    .tuple(
      timeout,
      fc.constantFrom('1', '2', '0', 'x'),
      keysOf(1, 2),
      end,
      fc.option(fc.tuple(fc.constant('COUNT'), count), { nil: null }),
    )
    .map(([t, n, k, e, c]) => [t, n, ...k, e, ...(c ?? [])]),
  LMPOP: fc
    .tuple(
      fc.constantFrom('1', '2', '3', '0', 'x'),
      keysOf(1, 3),
      end,
      fc.option(fc.tuple(fc.constantFrom('COUNT', 'count'), count), { nil: null }),
    )
    .map(([n, k, e, c]) => [n, ...k, e, ...(c ?? [])]),
};

/** Every modelled data command the fuzzer draws, with its grammar. */
export const GRAMMARS: Record<string, Grammar> = {
  ...STRING_GRAMMARS,
  ...LIST_HASH_GRAMMARS,
  SADD: fc.oneof(
    { weight: 4, arbitrary: fc.tuple(key, membersOf(1, 5)).map(([k, m]) => [k, ...m]) },
    { weight: 1, arbitrary: fc.tuple(key, manyInts).map(([k, m]) => [k, ...m]) },
  ),
  SREM: fc.tuple(key, membersOf(1, 4)).map(([k, m]) => [k, ...m]),
  SMOVE: fc.tuple(key, key, member).map((a) => [...a]),
  SISMEMBER: fc.tuple(key, member).map((a) => [...a]),
  SMISMEMBER: fc.tuple(key, membersOf(1, 4)).map(([k, m]) => [k, ...m]),
  SCARD: key.map((k) => [k]),
  SPOP: fc.oneof(
    key.map((k) => [k]),
    fc.tuple(key, count).map((a) => [...a]),
  ),
  SRANDMEMBER: fc.oneof(
    key.map((k) => [k]),
    fc.tuple(key, count).map((a) => [...a]),
  ),
  SMEMBERS: key.map((k) => [k]),
  SINTER: keysOf(1, 3),
  SUNION: keysOf(1, 3),
  SDIFF: keysOf(1, 3),
  SINTERSTORE: fc.tuple(key, keysOf(1, 3)).map(([d, k]) => [d, ...k]),
  SUNIONSTORE: fc.tuple(key, keysOf(1, 3)).map(([d, k]) => [d, ...k]),
  SDIFFSTORE: fc.tuple(key, keysOf(1, 3)).map(([d, k]) => [d, ...k]),
  SINTERCARD: fc
    .tuple(
      fc.constantFrom('1', '2', '3', '0', 'x', '-1'),
      keysOf(1, 3),
      fc.option(fc.tuple(fc.constantFrom('LIMIT', 'limit', 'LIMITS'), count), { nil: null }),
    )
    .map(([n, k, l]) => [n, ...k, ...(l ?? [])]),
  SSCAN: fc.tuple(key, cursor, scanOptions).map(([k, c, o]) => [k, c, ...o]),
  ...zsetGrammars({ key, member, float, int, count, cursor, scanOptions, manyInts, timeout }),
};

/** Tokens an arbitrary argument list is drawn from: anything a grammar uses, and worse. */
const token = fc.oneof(
  key,
  member,
  count,
  fc.constantFrom('LIMIT', 'MATCH', 'COUNT', 'WITHSCORES'),
);

/** One command: mostly its grammar, sometimes any list of tokens (the errors' paths). */
function commandOf(names: readonly string[]): fc.Arbitrary<string[]> {
  const name = fc.constantFrom(...names);
  return name.chain((n) =>
    fc.oneof(
      { weight: 5, arbitrary: GRAMMARS[n]!.map((a) => [n, ...a]) },
      {
        weight: 1,
        arbitrary: fc.array(token, { maxLength: 5 }).map((a) => [n.toLowerCase(), ...a]),
      },
    ),
  );
}

/** A program of `length` steps over the commands `names`. */
export function programOf(names: readonly string[], length: number): fc.Arbitrary<Step[]> {
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 30, arbitrary: commandOf(names).map((cmd) => ({ cmd })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(15, 30, 1000, 3000).map((advanceMs) => ({ advanceMs })),
    },
  );
  return fc.array(step, { minLength: length, maxLength: length });
}
