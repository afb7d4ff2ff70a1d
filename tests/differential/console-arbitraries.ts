/**
 * Generated states and generated console lines for the redis-cli differential: a keyspace
 * of every type with awkward names and values (spaces, quotes, backslashes, newlines,
 * non-ASCII), and lines that type the commands a learner reaches for, each argument
 * written in one of the ways redis-cli reads (bare, "double" with escapes, 'single'),
 * with wrong arities, wrong types, bad numbers, unbalanced quotes and repeat counts mixed in.
 */
import fc from 'fast-check';

/** One key of a generated state, as the commands that create it. */
export interface StateKey {
  key: string;
  setup: string[][];
}

export const KEY_NAMES = [
  'a',
  'b',
  'n',
  'emq:{q}:active',
  'emq:{q}:job:J1',
  'has space',
  'quo"te',
  "it's",
  'uni€',
  'nl\nkey',
  'back\\slash',
] as const;
const VALUES = ['', ' ', 'v', '0', '1', '-5', '41', '1.5', 'x y', 'é', 'tab\tchar', '"q"'];
const FIELDS = ['f', 'g', 'attempts', 'token', 'spa ce', '€'];
const SCORES = ['0', '1', '2.5', '-3', '1764504004250', 'inf', '-inf'];
/** far enough out that TTL reads the same on both sides however slow the run */
export const FAR_TTL_MS = '1000250000';

const valueArb = fc.constantFrom(...VALUES);
const keyArb = fc.constantFrom(...KEY_NAMES);

const stateKeyArb: fc.Arbitrary<StateKey> = fc
  .tuple(
    keyArb,
    fc.oneof(
      valueArb.map((v) => ['SET', v]),
      fc
        .uniqueArray(fc.tuple(fc.constantFrom(...FIELDS), valueArb), {
          minLength: 1,
          maxLength: 4,
          selector: ([f]) => f,
        })
        .map((fs) => ['HSET', ...fs.flat()]),
      fc
        .uniqueArray(fc.tuple(fc.constantFrom(...SCORES), fc.constantFrom(...FIELDS)), {
          minLength: 1,
          maxLength: 4,
          selector: ([, m]) => m,
        })
        .map((ms) => ['ZADD', ...ms.flat()]),
      fc.array(valueArb, { minLength: 1, maxLength: 4 }).map((vs) => ['RPUSH', ...vs]),
    ),
    fc.boolean(),
  )
  .map(([key, [cmd, ...rest], ttl]) => ({
    key,
    setup: [[cmd!, key, ...rest], ...(ttl ? [['PEXPIRE', key, FAR_TTL_MS]] : [])],
  }));

/** The read-only user some states hold, as the scenario's reader is made. */
export const READER_SETUP = [
  'ACL',
  'SETUSER',
  'reader',
  'on',
  'nopass',
  '+@all',
  '%R~*',
  '~a',
  '~b',
];

/** A state: up to six keys of distinct names, and sometimes the read-only user. */
export const stateArb = fc
  .tuple(fc.uniqueArray(stateKeyArb, { maxLength: 6, selector: (k) => k.key }), fc.boolean())
  .map(([keys, reader]) => (reader ? [...keys, { key: '', setup: [READER_SETUP] }] : keys));

/** How one argument is written on the line. */
type Style = 'bare' | 'double' | 'single' | 'hex';

function hexEscaped(s: string): string {
  let out = '"';
  for (const b of new TextEncoder().encode(s)) out += `\\x${b.toString(16).padStart(2, '0')}`;
  return `${out}"`;
}

function doubleQuoted(s: string): string {
  const named: Record<string, string> = {
    '\n': '\\n',
    '\t': '\\t',
    '\r': '\\r',
    '"': '\\"',
    '\\': '\\\\',
  };
  return `"${[...s].map((c) => named[c] ?? c).join('')}"`;
}

/** An argument written in `style`, falling back to a style that can hold it. */
export function writeArg(s: string, style: Style): string {
  const plain = s !== '' && /^[\x21-\x7e\u0080-\uffff]+$/u.test(s) && !/["']/.test(s);
  if (style === 'bare' && plain) return s;
  if (style === 'single' && !/[\\\n\t\r]/.test(s) && !s.endsWith("'")) {
    return `'${s.replace(/'/g, "\\'")}'`;
  }
  if (style === 'hex') return hexEscaped(s);
  return doubleQuoted(s);
}

const numArb = fc.constantFrom('1', '-1', '0', '2', '41', '-7', 'x', '1.5', '+1', '', '10');
const scoreArgArb = fc.constantFrom(...SCORES, '(1', '(2.5', 'x', '+inf', 'nan');
const fieldArb = fc.constantFrom(...FIELDS, 'nofield');
// mostly names a state may hold, so most lines reach a key of some type
const anyKeyArb = fc.oneof(
  { arbitrary: keyArb, weight: 5 },
  { arbitrary: fc.constant('missing'), weight: 1 },
);
const sideArb = fc.constantFrom('LEFT', 'right', 'Left', 'middle');

/** A command as its words, before they are written onto a line. */
const commandArb: fc.Arbitrary<string[]> = fc
  .oneof(
    fc.tuple(fc.constant('GET'), anyKeyArb),
    fc.tuple(fc.constant('SET'), anyKeyArb, valueArb),
    fc.tuple(
      fc.constant('SET'),
      anyKeyArb,
      valueArb,
      fc.constantFrom('NX', 'XX', 'GET', 'KEEPTTL', 'EX', 'FOO'),
    ),
    fc.tuple(fc.constant('DEL'), anyKeyArb, anyKeyArb),
    fc.tuple(fc.constant('EXISTS'), anyKeyArb, anyKeyArb),
    fc.tuple(fc.constant('TYPE'), anyKeyArb),
    fc.tuple(fc.constant('INCR'), anyKeyArb),
    fc.tuple(fc.constantFrom('INCRBY', 'DECRBY'), anyKeyArb, numArb),
    fc.tuple(fc.constant('DECR'), anyKeyArb),
    fc.tuple(fc.constant('HGET'), anyKeyArb, fieldArb),
    fc.tuple(fc.constantFrom('HSET', 'HSETNX', 'HMSET'), anyKeyArb, fieldArb, valueArb),
    fc.tuple(fc.constantFrom('HGETALL', 'HKEYS', 'HVALS', 'HLEN'), anyKeyArb),
    fc.tuple(fc.constantFrom('HMGET', 'HDEL', 'HEXISTS'), anyKeyArb, fieldArb),
    fc.tuple(fc.constant('HINCRBY'), anyKeyArb, fieldArb, numArb),
    fc.tuple(fc.constant('ZADD'), anyKeyArb, scoreArgArb, fieldArb),
    fc.tuple(fc.constantFrom('ZSCORE', 'ZRANK', 'ZREM'), anyKeyArb, fieldArb),
    fc.tuple(
      fc.constant('ZRANGE'),
      anyKeyArb,
      fc.constant('0'),
      fc.constant('-1'),
      fc.constantFrom('WITHSCORES', 'REV'),
    ),
    fc.tuple(fc.constantFrom('ZRANGEBYSCORE', 'ZCOUNT'), anyKeyArb, scoreArgArb, scoreArgArb),
    fc.tuple(
      fc.constant('ZRANGEBYSCORE'),
      anyKeyArb,
      fc.constant('-inf'),
      fc.constant('+inf'),
      fc.constant('WITHSCORES'),
      fc.constant('LIMIT'),
      numArb,
      numArb,
    ),
    fc.tuple(
      fc.constant('ZREVRANGEBYSCORE'),
      anyKeyArb,
      fc.constant('+inf'),
      scoreArgArb,
      fc.constant('WITHSCORES'),
    ),
    fc.tuple(fc.constant('ZINCRBY'), anyKeyArb, scoreArgArb, fieldArb),
    fc.tuple(fc.constant('ZMSCORE'), anyKeyArb, fieldArb, fieldArb),
    fc.tuple(fc.constantFrom('ZPOPMIN', 'ZPOPMAX', 'LPOP', 'RPOP'), anyKeyArb),
    fc.tuple(fc.constantFrom('ZPOPMIN', 'ZPOPMAX', 'LPOP', 'RPOP'), anyKeyArb, numArb),
    fc.tuple(fc.constant('ZCARD'), anyKeyArb),
    fc.tuple(fc.constantFrom('LPUSH', 'RPUSH'), anyKeyArb, valueArb, valueArb),
    fc.tuple(fc.constant('LMOVE'), anyKeyArb, anyKeyArb, sideArb, sideArb),
    fc.tuple(fc.constant('LRANGE'), anyKeyArb, fc.constant('0'), fc.constant('-1')),
    fc.tuple(fc.constant('LINDEX'), anyKeyArb, numArb),
    fc.tuple(fc.constant('LLEN'), anyKeyArb),
    fc.tuple(fc.constant('LREM'), anyKeyArb, numArb, valueArb),
    fc.tuple(fc.constant('EXPIRE'), anyKeyArb, fc.constantFrom('100', '0', '-1', 'x', '5000')),
    fc.tuple(
      fc.constant('EXPIRE'),
      anyKeyArb,
      fc.constant('100'),
      fc.constantFrom('NX', 'XX', 'GT', 'LT', 'FOO'),
    ),
    fc.tuple(fc.constantFrom('TTL', 'PERSIST'), anyKeyArb),
    fc.tuple(fc.constantFrom('HSCAN', 'ZSCAN'), anyKeyArb, fc.constantFrom('0', 'x', '-1')),
    fc.tuple(
      fc.constantFrom('HSCAN', 'ZSCAN'),
      anyKeyArb,
      fc.constant('0'),
      fc.constantFrom('MATCH', 'COUNT'),
      fc.constantFrom('f*', '*', '0', '3'),
    ),
    fc.tuple(fc.constant('ECHO'), valueArb),
    fc.constant(['PING']),
    fc.tuple(fc.constant('PING'), valueArb),
    fc.constant(['DBSIZE']),
    fc.constant(['MULTI']),
    fc.constant(['EXEC']),
    fc.constant(['DISCARD']),
    fc.tuple(fc.constant('CLIENT'), fc.constant('SETNAME'), fc.constantFrom('lesson', 'a b', '')),
    fc.constant(['CLIENT', 'GETNAME']),
    fc.tuple(
      fc.constant('EVALSHA'),
      fc.constantFrom('0000000000000000000000000000000000000000', 'abc'),
      fc.constantFrom('0', 'x', '1'),
    ),
    fc.tuple(fc.constantFrom('nosuch', 'Frobnicate'), valueArb),
    fc.tuple(
      fc.constant('SET'),
      anyKeyArb,
      valueArb,
      fc.constantFrom('EX', 'PX'),
      fc.constantFrom('100', '100000', '0', 'x'),
    ),
    fc.tuple(fc.constant('PEXPIRE'), anyKeyArb, fc.constantFrom('100000', '-5', 'x')),
    fc.tuple(fc.constant('SELECT'), fc.constantFrom('0', '16', '-1', 'x')),
    fc
      .tuple(fc.constant('SCAN'), fc.constantFrom('x', '0 COUNT 0', '0 MATCH', '0 FOO 1'))
      .map(([c, rest]) => [c, ...rest.split(' ')]),
    fc.constantFrom(
      ['HELLO', '4'],
      ['HELLO', 'x'],
      ['HELLO', '2', 'foo'],
      ['HELLO', '2', 'SETNAME', 'a b'],
      ['HELLO', '2', 'AUTH', 'nobody', 'pw'],
    ),
    fc.constantFrom(
      ['COMMAND', 'INFO', 'get', 'nosuch'],
      ['COMMAND', 'GETKEYS', 'lmove', 'a', 'b', 'left', 'right'],
      ['COMMAND', 'GETKEYS', 'ping', 'x'],
      ['COMMAND', 'COUNT', 'x'],
      ['COMMAND', 'FOO'],
    ),
    fc.constantFrom(['SHUTDOWN', 'ABORT'], ['SHUTDOWN', 'FOO'], ['SHUTDOWN', 'NOSAVE', 'SAVE']),
    fc.tuple(
      fc.constant('AUTH'),
      fc.constantFrom('reader', 'default', 'nobody'),
      fc.constantFrom('pw', ''),
    ),
    fc.constant(['ACL', 'WHOAMI']),
    // arity errors: a command with one word too few
    fc.constantFrom(
      ['GET'],
      ['HSET', 'h', 'f'],
      ['ZADD', 'z'],
      ['LMOVE', 'a', 'b', 'left'],
      ['EXPIRE', 'a'],
      ['ZCOUNT', 'z', '0'],
    ),
  )
  .map((words): string[] => [...words]);

/** One generated line: a command written out, sometimes cased, repeated or broken. */
export const lineArb: fc.Arbitrary<string> = fc
  .tuple(
    commandArb,
    fc.array(fc.constantFrom<Style>('bare', 'bare', 'double', 'single', 'hex'), {
      minLength: 8,
      maxLength: 8,
    }),
    fc.constantFrom('upper', 'lower', 'as-is'),
    fc.oneof(
      { arbitrary: fc.constant('none'), weight: 12 },
      { arbitrary: fc.constantFrom('repeat', 'unbalanced', 'glued', 'spaces'), weight: 1 },
    ),
  )
  .map(([words, styles, casing, twist]) => {
    const [name = '', ...rest] = words;
    const cased =
      casing === 'upper' ? name.toUpperCase() : casing === 'lower' ? name.toLowerCase() : name;
    const parts = [cased, ...rest.map((w, i) => writeArg(w, styles[i] ?? 'bare'))];
    if (twist === 'repeat') parts.unshift('2');
    if (twist === 'unbalanced') parts.push('"open');
    if (twist === 'glued') parts.push('"closed"x');
    return twist === 'spaces' ? `  ${parts.join('   ')}  ` : parts.join(' ');
  });

/** A state and the lines typed on it. */
export const consoleCaseArb = fc.record({
  state: stateArb,
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
});
