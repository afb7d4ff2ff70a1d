import { describe, expect, test } from 'vitest';
import {
  LuaArgError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  type LuaHost,
  type LuaValue,
} from '../values.ts';
import { formatLuaNumber } from '../number-text.ts';
import { createStringLib } from './string.ts';

/** A stand-in for the interpreter: raw indexing, plain calls. */
const calls: LuaValue[][] = [];
const host: LuaHost = {
  lessThan: (a, b) => (a as number) < (b as number),
  equals: (a, b) => a === b,
  tostring: (v) => (typeof v === 'number' ? formatLuaNumber(v) : String(v)),
  call(f, args) {
    calls.push(args);
    return (f as LuaFunction).call(args);
  },
  index: (t, k) => (t as LuaTable).get(k),
  setIndex: (t, k, v) => (t as LuaTable).set(k, v),
};
const lib = createStringLib(host);

function call(name: string, ...args: LuaValue[]): LuaValue[] {
  return (lib.get(name) as LuaFunction).call(args);
}

function error(name: string, ...args: LuaValue[]): string {
  try {
    call(name, ...args);
  } catch (err) {
    if (err instanceof LuaArgError) return `#${err.arg} (${err.detail})`;
    if (err instanceof LuaRuntimeError) return err.message;
    throw err;
  }
  return 'no error';
}

describe('createStringLib', () => {
  test("holds exactly the names of Redis 7.0's string table, gfind being gmatch", () => {
    const names: string[] = [];
    let k = lib.next(undefined);
    while (k) {
      names.push(k[0] as string);
      k = lib.next(k[0]);
    }
    expect(names.sort()).toEqual([
      'byte',
      'char',
      'dump',
      'find',
      'format',
      'gfind',
      'gmatch',
      'gsub',
      'len',
      'lower',
      'match',
      'rep',
      'reverse',
      'sub',
      'upper',
    ]);
    expect(lib.get('gfind')).toBe(lib.get('gmatch'));
  });

  test('sub and byte clamp positions as Lua 5.1 does', () => {
    expect(call('sub', 'hello', 2, -2)).toEqual(['ell']);
    expect(call('sub', 'hello', -100, 2)).toEqual(['he']);
    expect(call('sub', 'hello', 4, 100)).toEqual(['lo']);
    expect(call('sub', 'hello', 0)).toEqual(['hello']);
    expect(call('sub', 'hello', 3, 2)).toEqual(['']);
    expect(call('byte', 'abc', 1, -1)).toEqual([97, 98, 99]);
    expect(call('byte', 'abc', 10)).toEqual([]);
    expect(call('sub', 12345, 2, 3)).toEqual(['23']);
  });

  test('find: plain search, init past the end, captures after the positions', () => {
    expect(call('find', 'a+b', '+', 1, true)).toEqual([2, 2]);
    expect(call('find', 'abc', '', 10)).toEqual([4, 3]);
    expect(call('find', 'key=val', '(%w+)=(%w+)')).toEqual([1, 7, 'key', 'val']);
    expect(call('find', 'abc', 'x')).toEqual([undefined]);
    expect(call('match', 'abc', '^(a)(b)')).toEqual(['a', 'b']);
  });

  test('gmatch walks every match, skipping one character after an empty one', () => {
    const it = call('gmatch', 'one two', '%a*')[0] as LuaFunction;
    const seen: LuaValue[] = [];
    for (let r = it.call([]); r.length > 0; r = it.call([])) seen.push(r[0]);
    expect(seen).toEqual(['one', '', 'two', '']);
  });

  test('gsub with a string, a table and a function, and a maximum count', () => {
    expect(call('gsub', 'hello world', '(o)', '[%1]')).toEqual(['hell[o] w[o]rld', 2]);
    expect(call('gsub', 'abc', '%w', '%0%0', 2)).toEqual(['aabbc', 2]);
    const t = new LuaTable();
    t.set('a', 'A');
    t.set('b', false);
    expect(call('gsub', 'abc', '%w', t)).toEqual(['Abc', 3]);
    calls.length = 0;
    const f = new LuaFunction('f', (args) => [
      typeof args[0] === 'string' ? args[0].toUpperCase() : undefined,
    ]);
    expect(call('gsub', 'ab', '(%w)', f)).toEqual(['AB', 2]);
    expect(calls).toEqual([['a'], ['b']]);
    expect(call('gsub', 'x', 'x', '%')).toEqual(['\0', 1]); // a trailing '%' reads the C terminator
  });

  test("gsub's errors", () => {
    const t = new LuaTable();
    t.set('a', new LuaTable());
    expect(error('gsub', 'a', 'a', t)).toBe('invalid replacement value (a table)');
    expect(error('gsub', 'a', 'a', '%2')).toBe('invalid capture index');
    expect(error('gsub', 'a', 'a', true)).toBe('#3 (string/function/table expected)');
    expect(error('gsub', 'a', 'a')).toBe('#3 (string/function/table expected)');
    expect(error('gsub', 'a', 'a', 'b', 'x')).toBe('#4 (number expected, got string)');
  });

  test('char, rep, reverse, lower, upper', () => {
    expect(call('char', 72, 105)).toEqual(['Hi']);
    expect(error('char', 256)).toBe('#1 (invalid value)');
    expect(call('rep', 'ab', 3)).toEqual(['ababab']);
    expect(call('rep', 'ab', -1)).toEqual(['']);
    expect(call('reverse', 'abc')).toEqual(['cba']);
    expect(call('upper', 'a\xe9z')).toEqual(['A\xe9Z']);
    expect(call('lower', 'A\xc9Z')).toEqual(['a\xc9z']);
    expect(call('len', 'a\0b')).toEqual([3]);
  });

  test('argument errors name the argument and the type, "no value" when it is missing', () => {
    expect(error('len')).toBe('#1 (string expected, got no value)');
    expect(error('len', undefined)).toBe('#1 (string expected, got nil)');
    expect(error('sub', 'x', 'y')).toBe('#2 (number expected, got string)');
    expect(error('dump', 'x')).toBe('#1 (function expected, got string)');
    expect(error('dump', lib.get('len'))).toBe('unable to dump given function');
    expect(error('byte', 'x'.repeat(8000), 1, -1)).toBe('stack overflow (string slice too long)');
  });

  test('format: conversions, %q, and its errors', () => {
    expect(
      call(
        'format',
        '%5.1f|%-5d|%05.1f|%+.3e|%#x|%o|%g|%g|%#g|%.0e',
        3.14159,
        42,
        -2.5,
        12345.678,
        255,
        8,
        1e-5,
        1e20,
        1,
        2.5,
      ),
    ).toEqual(['  3.1|42   |-02.5|+1.235e+04|0xff|10|1e-05|1e+20|1.00000|2e+00']);
    expect(call('format', '%q', 'a"b\\c\nd\re\0f')).toEqual(['"a\\"b\\\\c\\\nd\\re\\000f"']);
    expect(call('format', '%.3s|%5s|%-5s|', 'abcdef', 'ab', 'ab')).toEqual(['abc|   ab|ab   |']);
    expect(call('format', '%d', 2 ** 63)).toEqual(['-9223372036854775808']);
    expect(call('format', '%x', -1)).toEqual(['ffffffffffffffff']);
    expect(call('format', '[%c]', 0)).toEqual(['[]']);
    expect(error('format', '%y', 1)).toBe("invalid option '%y' to 'format'");
    expect(error('format', '%y')).toBe('#2 (no value)');
    expect(error('format', '%------d', 1)).toBe('invalid format (repeated flags)');
    expect(error('format', '%100d', 1)).toBe('invalid format (width or precision too long)');
    expect(error('format', '%s', new LuaTable())).toBe('#2 (string expected, got table)');
  });
});
