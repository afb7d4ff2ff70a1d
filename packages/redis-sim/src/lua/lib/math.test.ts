import { describe, expect, test } from 'vitest';
import { formatLuaNumber } from '../number-text.ts';
import {
  LuaArgError,
  LuaFunction,
  LuaRuntimeError,
  type LuaHost,
  type LuaValue,
} from '../values.ts';
import { createMathLib } from './math.ts';
import { RedisRand48 } from './redis-rand48.ts';

const host = {} as LuaHost; // the math library never calls back into the interpreter

function fn(lib: ReturnType<typeof createMathLib>, name: string, ...args: LuaValue[]): LuaValue[] {
  return (lib.get(name) as LuaFunction).call(args);
}

describe('RedisRand48 and math.random', () => {
  test("a fresh server's first values (read from redis-server 7.0.15, across two EVALs)", () => {
    const lib = createMathLib(host, new RedisRand48());
    const seen = [0, 1, 2, 3].map(() => formatLuaNumber(fn(lib, 'random')[0] as number));
    expect(seen).toEqual([
      '0.39646477363839',
      '0.84048536971234',
      '0.35333609737146',
      '0.44658343468168',
    ]);
  });

  test('randomseed(42), then random(), random(10), random(5, 7) as the real server answers', () => {
    const lib = createMathLib(host, new RedisRand48());
    fn(lib, 'randomseed', 42);
    expect(fn(lib, 'random').map((v) => formatLuaNumber(v as number))).toEqual([
      '0.74452500033403',
    ]);
    expect(fn(lib, 'random', 10)).toEqual([4]);
    expect(fn(lib, 'random', 5, 7)).toEqual([5]);
  });

  test('two libraries on one generator share its sequence, as scripts on one server do', () => {
    const rand = new RedisRand48();
    const a = createMathLib(host, rand);
    const b = createMathLib(host, rand);
    const first = fn(a, 'random')[0];
    expect(fn(b, 'random')[0]).not.toBe(first);
    expect(formatLuaNumber(fn(b, 'random')[0] as number)).toBe('0.35333609737146');
  });

  test("random's argument rules", () => {
    const lib = createMathLib(host);
    const err = (...args: LuaValue[]) => {
      try {
        fn(lib, 'random', ...args);
      } catch (e) {
        if (e instanceof LuaArgError) return `#${e.arg} (${e.detail})`;
        if (e instanceof LuaRuntimeError) return e.message;
      }
      return 'no error';
    };
    expect(err(0)).toBe('#1 (interval is empty)');
    expect(err(3, 2)).toBe('#2 (interval is empty)');
    expect(err(1, 2, 3)).toBe('wrong number of arguments');
    expect(err('x')).toBe('#1 (number expected, got string)');
  });
});

describe('the exact functions', () => {
  const lib = createMathLib(host);
  test('modf keeps the sign on the fraction, frexp and ldexp round-trip subnormals', () => {
    expect(fn(lib, 'modf', -3)).toEqual([-3, -0]);
    expect(fn(lib, 'modf', 3.5)).toEqual([3, 0.5]);
    expect(fn(lib, 'modf', -Infinity)).toEqual([-Infinity, -0]);
    expect(fn(lib, 'frexp', 8)).toEqual([0.5, 4]);
    expect(fn(lib, 'frexp', 5e-324)).toEqual([0.5, -1073]);
    expect(fn(lib, 'ldexp', 0.5, -1073)).toEqual([5e-324]);
    expect(fn(lib, 'ldexp', 3, -1075)).toEqual([1e-323]); // 1.5 units of 2^-1074 round to even: 2
    expect(fn(lib, 'ldexp', 1, 1024)).toEqual([Infinity]);
  });

  test('max and min compare as C does: a NaN is kept only when it comes first', () => {
    expect(fn(lib, 'max', 1, NaN)).toEqual([1]);
    expect(Number.isNaN(fn(lib, 'max', NaN, 1)[0])).toBe(true);
    expect(Object.is(fn(lib, 'max', -0, 0)[0], -0)).toBe(true);
  });

  test('pow follows glibc on its special cases; libm NaNs carry the sign glibc gives them', () => {
    expect(fn(lib, 'pow', 1, NaN)).toEqual([1]);
    expect(fn(lib, 'pow', -1, Infinity)).toEqual([1]);
    expect(fn(lib, 'pow', -0, -1)).toEqual([-Infinity]);
    expect(formatLuaNumber(fn(lib, 'pow', -2, 0.5)[0] as number)).toBe('-nan');
    expect(formatLuaNumber(fn(lib, 'log', -1)[0] as number)).toBe('-nan');
    expect(formatLuaNumber(fn(lib, 'acos', 2)[0] as number)).toBe('nan');
    expect(fn(lib, 'mod', 7, 3)).toEqual([1]);
  });
});
