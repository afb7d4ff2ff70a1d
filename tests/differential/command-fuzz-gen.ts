/**
 * The generated programs of the command fuzzer: a keyspace holding one key of every type (some
 * with a time to live), then a few hundred commands drawn from every modelled data command —
 * well-formed argument lists from each command's own grammar, and arbitrary ones (wrong counts,
 * wrong numbers, unknown options) — on a small pool of keys, so every type meets every command
 * (WRONGTYPE) and keys are created, overwritten, emptied and expired. A step may also move the
 * clock on, which lets the keys with a time to live expire.
 */
import fc from 'fast-check';

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

/** Every modelled data command the fuzzer draws, with its grammar. */
export const GRAMMARS: Record<string, Grammar> = {
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
