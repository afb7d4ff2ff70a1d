/**
 * Lua 5.1's math library (lmathlib.c) as Redis 7.0.15 loads it: the 5.1
 * functions, `mod` (Redis builds Lua with LUA_COMPAT_MOD, so it is `fmod`),
 * `pi`, `huge`, and Redis's deterministic `random`/`randomseed` in place of
 * the C library's.
 *
 * exp, log, pow, sin, cos, tan, asin, acos, atan and atan2 are correctly
 * rounded here (libm-exact.ts; pow in c-pow.ts, which Lua's `^` shares), as
 * glibc's nearly always are; cosh, sinh, tanh and log10 follow glibc's fdlibm
 * formulas on top of them (libm-fdlibm.ts). The JS engine's Math functions
 * differ from glibc's in the last bit for about one input in seventy.
 */
import {
  LuaArgError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  type LuaHost,
  type LuaValue,
} from '../values.ts';
import { checkInt, checkNumber } from './lua-args.ts';
import { RedisRand48 } from './redis-rand48.ts';
import { DEFAULT_NAN } from '../number-text.ts';
import { fdlibmCosh, fdlibmLog10, fdlibmSinh, fdlibmTanh } from './libm-fdlibm.ts';
import { pow } from './c-pow.ts';
import {
  exactAcos,
  exactAsin,
  exactAtan,
  exactAtan2,
  exactCos,
  exactExp,
  exactLog,
  exactSin,
  exactTan,
} from './libm-exact.ts';

const RADIANS_PER_DEGREE = Math.PI / 180;
const LRAND48_MAX = 2147483647;

/** C's modf: the integral part, and the fraction with the sign of x (-0 for -3). */
function modf(x: number): [number, number] {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? [x, x] : [x, x < 0 ? -0 : 0];
  const ip = Math.trunc(x);
  const fp = x - ip;
  return [ip, fp === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : fp];
}

/** C's frexp: x = m·2^e with 0.5 ≤ |m| < 1 (m = x and e = 0 for 0, inf and NaN). */
function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  const view = new DataView(new ArrayBuffer(8));
  let scaled = x;
  let bias = 0;
  if (Math.abs(x) < 2 ** -1022) {
    scaled = x * 2 ** 64; // make a subnormal normal, then undo the shift in the exponent
    bias = -64;
  }
  view.setFloat64(0, scaled);
  const biased = (view.getUint16(0) >> 4) & 0x7ff;
  const e = biased - 1022;
  view.setUint16(0, (view.getUint16(0) & 0x800f) | (1022 << 4));
  return [view.getFloat64(0), e + bias];
}

/** Round half to even, for a non-negative value. */
function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const diff = v - f;
  if (diff > 0.5) return f + 1;
  if (diff < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** C's ldexp: x·2^e with one rounding (only where the result is subnormal). */
function ldexp(x: number, e: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const [m, k] = frexp(x); // x = m·2^k, 0.5 ≤ |m| < 1
  const t = k + e;
  if (t > 1024) return m < 0 ? -Infinity : Infinity;
  if (t >= -1021) return m * 2 * 2 ** (t - 1); // a normal result: exact
  // subnormal or zero: the result is a multiple of 2^-1074, rounded once
  const units = t + 1074 < -60 ? 0 : roundHalfEven(Math.abs(m) * 2 ** (t + 1074));
  const magnitude = units * 2 ** -1074;
  return m < 0 ? -magnitude : magnitude;
}

/**
 * A libm function with glibc's NaNs on x86-64: a NaN argument comes back as
 * it is (the first one, for two), and an invalid operation gives `invalid`:
 * the negative default NaN (tostring shows `-nan`) for log, sqrt, sin, cos,
 * tan, fmod and pow, a positive one for acos, asin and log10 (read from the
 * real server: glibc builds those NaNs differently).
 */
function withNaNs(
  f: (...xs: number[]) => number,
  invalid: number = DEFAULT_NAN,
): (...xs: number[]) => number {
  return (...xs) => {
    const r = f(...xs);
    if (!Number.isNaN(r)) return r;
    return xs.find((x) => Number.isNaN(x)) ?? invalid;
  };
}

/** log with glibc's answers: correctly rounded, -inf at ±0, NaN below 0. */
function log(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN; // withNaNs picks the NaN glibc gives
  if (x === 0) return -Infinity;
  if (x === Infinity || x === 1) return x === 1 ? 0 : x;
  return exactLog(x);
}

/** A function of finite numbers: NaN for NaN and ±inf (withNaNs then picks glibc's NaN). */
function finiteOnly(f: (x: number) => number): (x: number) => number {
  return (x) => (Number.isFinite(x) ? f(x) : NaN);
}

/** A function of [-1, 1]: NaN outside it (withNaNs then picks glibc's NaN). */
function inDomain(f: (x: number) => number): (x: number) => number {
  return (x) => (x >= -1 && x <= 1 ? f(x) : NaN);
}

/** log10 with glibc's answers at 0, below 0 and at infinity. */
function log10(x: number): number {
  if (Number.isNaN(x) || x < 0) return NaN; // withNaNs picks the NaN glibc gives
  if (x === 0) return -Infinity;
  if (x === Infinity) return x;
  return fdlibmLog10(x);
}

/** C's fabs: it clears the sign bit, a NaN's too. */
function fabs(x: number): number {
  return Number.isNaN(x) ? NaN : Math.abs(x);
}

type LibEntry = [string, (args: LuaValue[]) => LuaValue[]];

/**
 * A one-result list that keeps a NaN's sign bit. V8 stores the numbers of an
 * all-number array unboxed, and once such a store is optimized it may write
 * the canonical (positive) NaN instead: `-nan` would print as `nan` only after
 * the function got hot (found by the coroutine fuzzer). A list that also holds
 * a non-number keeps its elements boxed, bits and all.
 */
function result(r: number): LuaValue[] {
  if (!Number.isNaN(r)) return [r];
  const out: LuaValue[] = [undefined];
  out[0] = r;
  return out;
}

function unary(name: string, f: (x: number) => number, invalid?: number): LibEntry {
  const g = withNaNs(f, invalid);
  return [name, (args) => result(g(checkNumber(args, 1)))];
}

/**
 * A two-argument function. gcc evaluates the C call's arguments right to
 * left here, so the second argument is checked first (a real server says
 * "bad argument #2 to 'atan2'" for `math.atan2()`).
 */
function binary(name: string, f: (x: number, y: number) => number): LibEntry {
  return [
    name,
    (args) => {
      const y = checkNumber(args, 2);
      return result(f(checkNumber(args, 1), y));
    },
  ];
}

/** atan2(y, x): glibc answers `x + y` for NaNs, so x's NaN wins over y's. */
function atan2(y: number, x: number): number {
  if (Number.isNaN(x)) return x;
  if (Number.isNaN(y)) return y;
  // zeros and infinities give exact multiples of π/4, the same on both sides
  if (y === 0 || x === 0 || !Number.isFinite(y) || !Number.isFinite(x)) return Math.atan2(y, x);
  return exactAtan2(y, x);
}

/** math.min / math.max: C comparisons, so a NaN is kept only when it comes first. */
function extreme(args: LuaValue[], better: (d: number, best: number) => boolean): LuaValue[] {
  let best = checkNumber(args, 1);
  for (let i = 2; i <= args.length; i++) {
    const d = checkNumber(args, i);
    if (better(d, best)) best = d;
  }
  return [best];
}

function random(rand: RedisRand48, args: LuaValue[]): LuaValue[] {
  const r = (rand.next() % LRAND48_MAX) / LRAND48_MAX;
  switch (args.length) {
    case 0:
      return [r];
    case 1: {
      const u = checkInt(args, 1);
      if (!(1 <= u)) throw new LuaArgError(1, 'interval is empty');
      return [Math.floor(r * u) + 1];
    }
    case 2: {
      const l = checkInt(args, 1);
      const u = checkInt(args, 2);
      if (!(l <= u)) throw new LuaArgError(2, 'interval is empty');
      // u-l+1 is C int arithmetic: it wraps past 2^31
      return [Math.floor(r * ((u - l + 1) | 0)) + l];
    }
    default:
      throw new LuaRuntimeError('wrong number of arguments');
  }
}

/**
 * The `math` table for one Lua environment. `rand` is the server's generator
 * (one per simulated server, shared by all its scripts, as in Redis).
 */
export function createMathLib(_host: LuaHost, rand: RedisRand48 = new RedisRand48()): LuaTable {
  const lib = new LuaTable();
  const fns: LibEntry[] = [
    ['abs', (args) => [fabs(checkNumber(args, 1))]],
    unary('acos', inDomain(exactAcos), NaN),
    unary('asin', inDomain(exactAsin), NaN),
    binary('atan2', atan2),
    unary('atan', (x) => (Number.isFinite(x) ? exactAtan(x) : Math.atan(x))),
    unary('ceil', Math.ceil),
    unary('cosh', fdlibmCosh),
    unary('cos', finiteOnly(exactCos)),
    unary('deg', (x) => x / RADIANS_PER_DEGREE),
    unary('exp', exactExp),
    unary('floor', Math.floor),
    binary(
      'fmod',
      withNaNs((x, y) => x % y),
    ),
    ['frexp', (args) => frexp(checkNumber(args, 1))],
    [
      'ldexp',
      (args) => {
        const e = checkInt(args, 2); // checked first, as in atan2
        return [ldexp(checkNumber(args, 1), e)];
      },
    ],
    unary('log10', log10, NaN),
    unary('log', log),
    ['max', (args) => extreme(args, (d, best) => d > best)],
    ['min', (args) => extreme(args, (d, best) => d < best)],
    ['modf', (args) => modf(checkNumber(args, 1))],
    binary('pow', pow),
    unary('rad', (x) => x * RADIANS_PER_DEGREE),
    ['random', (args) => random(rand, args)],
    [
      'randomseed',
      (args) => {
        rand.seed(checkInt(args, 1));
        return [];
      },
    ],
    unary('sinh', fdlibmSinh),
    unary('sin', finiteOnly(exactSin)),
    unary('sqrt', Math.sqrt),
    unary('tanh', fdlibmTanh),
    unary('tan', finiteOnly(exactTan)),
  ];
  for (const [name, call] of fns) lib.set(name, new LuaFunction(name, call));
  lib.set('pi', Math.PI);
  lib.set('huge', Infinity);
  lib.set('mod', lib.get('fmod'));
  return lib;
}
