import fc from 'fast-check';
import { describe, expect, it, test, vi } from 'vitest';
import {
  intReply,
  luaToNumber,
  redisParseDouble,
  redisParseInt,
  redisParseScoreBound,
} from './numbers.ts';
import { strtod } from './strtod.ts';

describe('luaToNumber (Lua 5.1 tonumber, as Redis 7.0.15 runs it)', () => {
  // each expectation was read from the real server: EVAL "tonumber(ARGV[1])" printed with %.17g
  test.each<[string, number | null]>([
    [' 7 ', 7],
    ['1e3', 1000],
    ['0x10', 16],
    ['', null],
    ['abc', null],
    ['inf', Infinity],
    ['1.5', 1.5],
    ['-5', -5],
    ['1e400', Infinity],
    ['0x', null],
    ['0x1p4', 16],
    [' 0x10 ', 16],
    ['5\0x', 5],
    ['infinity', Infinity],
    ['-inf', -Infinity],
    ['1e', null],
    ['.5', 0.5],
    ['5.', 5],
    ['+5', 5],
    ['\t5\n', 5],
    ['0x1.8', 1.5],
    ['1e-400', 0],
    ['- 5', null],
    ['0X1F', 31],
    ['1e+2', 100],
    ['5 x', null],
    ['\v5', 5],
    ['infinit', null],
    ['-0', -0],
    ['1_000', null],
    ['0b1', null],
    ['  ', null],
    ['0x.8p1', 1],
    ['1.7976931348623157e309', Infinity],
    ['4e-324', 5e-324],
    ['2e-324', 0],
  ])('tonumber(%j) = %s', (text, value) => {
    expect(luaToNumber(text)).toBe(value);
  });

  test.each(['nan', 'nan(123)', 'NaN', '-nan'])('tonumber(%j) is NaN', (text) => {
    expect(luaToNumber(text)).toBeNaN();
  });
});

describe('redisParseDouble (ZADD scores, Redis 7.0)', () => {
  test.each<[string, number | null]>([
    ['0.1', 0.1],
    ['1e300', 1e300],
    ['inf', Infinity],
    ['-inf', -Infinity],
    ['+inf', Infinity],
    ['0x10', 16],
    ['-0', -0],
    ['1e-310', 1e-310],
    // checked on the real server: each is `ERR value is not a valid float`
    ['nan', null],
    ['', null],
    [' 1', null],
    ['1 ', null],
    ['1e400', null],
    ['1e-400', null],
    ['abc', null],
    ['5\0', null],
  ])('%j → %s', (text, value) => {
    expect(redisParseDouble(text)).toBe(value);
  });
});

describe('redisParseInt (numkeys, ranges, counts)', () => {
  test.each<[string, number | null]>([
    ['0', 0],
    ['2', 2],
    ['-1', -1],
    ['9223372036854775807', 2 ** 63],
    ['9223372036854775808', null],
    ['+1', null],
    ['01', null],
    [' 1', null],
    ['-0', null],
    ['1.0', null],
    ['', null],
    ['x', null],
  ])('%j → %s', (text, value) => {
    expect(redisParseInt(text)).toBe(value);
  });
});

describe('redisParseScoreBound (ZRANGE BYSCORE)', () => {
  test('inclusive, exclusive, infinities; NaN and garbage refused', () => {
    expect(redisParseScoreBound('1.5')).toEqual({ value: 1.5, exclusive: false });
    expect(redisParseScoreBound('(1')).toEqual({ value: 1, exclusive: true });
    expect(redisParseScoreBound('+inf')).toEqual({ value: Infinity, exclusive: false });
    expect(redisParseScoreBound('-inf')).toEqual({ value: -Infinity, exclusive: false });
    expect(redisParseScoreBound('nan')).toBeNull();
    expect(redisParseScoreBound('x')).toBeNull();
  });
});

describe('redisParseDouble remembers the last text it read', () => {
  it('answers a text again as it did, and no other text as that one', async () => {
    // a fresh module, so '' is its first text: the memo starts empty, and no text (not even
    // the empty one) reads from it
    vi.resetModules();
    const { redisParseDouble: parse } = await import('./numbers.ts');
    for (const text of ['', '5', '5', '', ' 5', '5.0', '-0', '-0', '0', 'x', '5'])
      expect(Object.is(parse(text), refParse(text)), JSON.stringify(text)).toBe(true);
  });
  // strtod's rule as the function states it, without the memo
  const refParse = (s: string) => {
    if (s.length === 0 || /^\s/.test(s)) return null;
    const r = strtod(s);
    return r.end !== s.length || r.range !== null || Number.isNaN(r.value) ? null : r.value;
  };
});

describe('redisParseDouble on plain digits (its shortcut)', () => {
  it('reads what strtod reads, leading zeros and -0 included', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^[0-9]{1,15}$/), (minus, digits) => {
        const text = (minus ? '-' : '') + digits;
        const r = strtod(text);
        expect(r.end).toBe(text.length);
        expect(Object.is(redisParseDouble(text), r.value)).toBe(true);
      }),
      { seed: 20261201, numRuns: 2000 },
    );
  });
});

describe('intReply', () => {
  it('is a number while a number holds the integer exactly, a bigint past that', () => {
    expect(intReply(0n)).toBe(0);
    expect(intReply(9007199254740991n)).toBe(9007199254740991);
    expect(intReply(-9007199254740991n)).toBe(-9007199254740991);
    expect(intReply(9007199254740992n)).toBe(9007199254740992n);
    expect(intReply(-9223372036854775808n)).toBe(-9223372036854775808n);
  });

  it('reads a double already cast to an integer by the same rule', () => {
    expect(intReply(-42)).toBe(-42);
    expect(intReply(2 ** 53 - 1)).toBe(2 ** 53 - 1);
    expect(intReply(2 ** 62 + 1024)).toBe(4611686018427388928n);
  });
});
