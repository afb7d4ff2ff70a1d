/**
 * C's `pow` as Redis 7.0.15's Lua reaches it, both through `math.pow` and through the `^`
 * operator (Lua 5.1's `luai_numpow` is the C library's pow): glibc's special cases in glibc's
 * order, then a correctly rounded result, as glibc's nearly always is. JavaScript's Math.pow
 * differs from it in the last bit for about one pair in ten, and answers NaN where C answers 1
 * (1 to a NaN power, ±1 to an infinite one).
 */
import { DEFAULT_NAN } from '../number-text.ts';
import { signBit } from './c-printf.ts';
import { exactPowMagnitude } from './libm-exact.ts';

/** 0 for a non-integer, 1 for an odd integer, 2 for an even one (glibc pow's checkint). */
function integerKind(y: number): 0 | 1 | 2 {
  if (!Number.isInteger(y)) return 0;
  return Math.abs(y) < 2 ** 53 && Math.abs(y) % 2 === 1 ? 1 : 2;
}

/**
 * glibc's pow, special cases first, in its order: y = ±0 gives 1, x = 1
 * gives 1 (even for a NaN y), NaNs propagate, x = -1 with y = ±inf gives 1;
 * a NaN, zero or infinite x is squared (its sign flipped for an odd y);
 * a negative x with a non-integer y is invalid. Other results are correctly
 * rounded.
 */
export function pow(x: number, y: number): number {
  if (y === 0) return 1;
  if (x === 1) return 1;
  if (!Number.isFinite(y)) {
    if (Number.isNaN(x)) return x;
    if (Number.isNaN(y)) return y;
    if (x === -1) return 1;
    return Math.abs(x) < 1 === y > 0 ? 0 : Infinity;
  }
  if (Number.isNaN(x)) return signBit(x) && integerKind(y) === 1 ? NaN : x;
  if (x === 0 || !Number.isFinite(x)) {
    let x2 = x * x;
    if (signBit(x) && integerKind(y) === 1) x2 = -x2;
    return y < 0 ? 1 / x2 : x2;
  }
  // one IEEE operation or none, so already correctly rounded: the exact path below costs
  // about a hundred times Math.pow, and a script's x^2 in a loop should not pay it
  if (y === 1) return x;
  if (y === 2) return x * x;
  if (y === -1) return 1 / x;
  if (y === 0.5 && x > 0) return Math.sqrt(x);
  const kind = integerKind(y);
  if (x < 0 && kind === 0) return DEFAULT_NAN;
  const magnitude = exactPowMagnitude(x, y);
  return x < 0 && kind === 1 ? -magnitude : magnitude;
}
