import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { signBit } from './lib/c-printf.ts';
import { DEFAULT_NAN, formatLuaNumber, parseLuaNumber, strtoul } from './number-text.ts';
import { luaToNumberWithBase } from './lib/tonumber.ts';
import { LuaArgError, LuaTable } from './values.ts';

describe('formatLuaNumber (%.14g as Redis 7.0.15 prints it)', () => {
  // each expectation was read from the real server: EVAL "return tostring(x)" 0
  test.each<[number, string]>([
    [1e15, '1e+15'],
    [1e14, '1e+14'],
    [100000000000000.5, '1e+14'], // an exact tie at the 15th digit rounds to even
    [123456789012345, '1.2345678901234e+14'],
    [99999999999999, '99999999999999'],
    [0.1, '0.1'],
    [1 / 3, '0.33333333333333'],
    [-1e-300, '-1e-300'],
    [2 ** 63, '9.2233720368548e+18'],
    [2 ** 53 + 1, '9.007199254741e+15'],
    [-0, '-0'],
    [0, '0'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    [NaN, 'nan'],
    [DEFAULT_NAN, '-nan'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [5, '5'],
    [-2.5, '-2.5'],
  ])('%s → %s', (n, text) => {
    expect(formatLuaNumber(n)).toBe(text);
  });

  test('every integer below 1e14 prints as JavaScript prints it (fast path agrees with %.14g)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(1e14 - 1), max: 1e14 - 1 }), (n) => {
        expect(formatLuaNumber(n)).toBe(String(n));
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  test('the text always reads back within %.14g of the number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const back = parseLuaNumber(formatLuaNumber(x));
        expect(back).toBeDefined();
        if (x !== 0) expect(Math.abs(((back ?? 0) - x) / x)).toBeLessThan(1e-13);
      }),
      { seed: 43, numRuns: 500 },
    );
  });
});

describe('parseLuaNumber (luaO_str2d)', () => {
  test.each<[string, number | undefined]>([
    ['  7  ', 7],
    ['0x10', 16],
    ['1e400', Infinity],
    ['-0', -0],
    ['9007199254740993', 9007199254740992],
    ['0x1p4', 16],
    ['infinity', Infinity],
    ['0x', undefined],
    ['1e', undefined],
    ['5\0x', 5],
    ['', undefined],
    ['- 5', undefined],
  ])('%j → %s', (s, n) => {
    expect(parseLuaNumber(s)).toBe(n);
  });

  test('"nan" is a positive NaN and "-nan" keeps its sign, as glibc strtod does', () => {
    expect(signBit(parseLuaNumber('nan') ?? 0)).toBe(false);
    expect(signBit(parseLuaNumber(' -nan ') ?? 0)).toBe(true);
    expect(formatLuaNumber(parseLuaNumber('-NaN') ?? 0)).toBe('-nan');
  });
});

describe('strtoul', () => {
  test('signs, the 0x prefix, overflow and where it stopped', () => {
    expect(strtoul(' 0x1F ', 16)).toEqual({ value: 31n, end: 5 });
    expect(strtoul('0x', 16)).toEqual({ value: 0n, end: 1 });
    expect(strtoul('-1', 2)).toEqual({ value: 2n ** 64n - 1n, end: 2 });
    expect(strtoul('1'.repeat(70), 2).value).toBe(2n ** 64n - 1n);
    expect(strtoul('z', 35)).toEqual({ value: 0n, end: 0 });
    expect(strtoul('zz', 36)).toEqual({ value: 1295n, end: 2 });
  });
});

describe('luaToNumberWithBase (tonumber)', () => {
  test('base 10 converts numbers and numeric strings, anything else is nil', () => {
    expect(luaToNumberWithBase([' 0x10 '])).toBe(16);
    expect(luaToNumberWithBase([5])).toBe(5);
    expect(luaToNumberWithBase([undefined])).toBeUndefined();
    expect(luaToNumberWithBase([new LuaTable()])).toBeUndefined();
    expect(luaToNumberWithBase(['0x10', 10])).toBe(16);
  });

  test('other bases read with strtoul, trailing spaces allowed', () => {
    expect(luaToNumberWithBase(['ff', 16])).toBe(255);
    expect(luaToNumberWithBase([' 101 ', 2])).toBe(5);
    expect(luaToNumberWithBase(['102', 2])).toBeUndefined();
    expect(luaToNumberWithBase([10, 16])).toBe(16);
    expect(luaToNumberWithBase(['ff', '16'])).toBe(255);
    expect(luaToNumberWithBase(['-1', 2])).toBe(2 ** 64);
  });

  test("errors are worded as Lua's argument errors", () => {
    const err = (args: unknown[]) => {
      try {
        luaToNumberWithBase(args as never);
      } catch (e) {
        return e instanceof LuaArgError ? [e.arg, e.detail] : e;
      }
      return 'no error';
    };
    expect(err([])).toEqual([1, 'value expected']);
    expect(err(['10', 37])).toEqual([2, 'base out of range']);
    expect(err([undefined, 16])).toEqual([1, 'string expected, got nil']);
    expect(err([new LuaTable(), 99])).toEqual([1, 'string expected, got table']);
    expect(err(['10', 'x'])).toEqual([2, 'number expected, got string']);
  });
});
