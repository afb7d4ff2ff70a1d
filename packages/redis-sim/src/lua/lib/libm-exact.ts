/**
 * Correctly rounded `exp`, `log`, `pow`, `sin`, `cos` and `tan`, the way glibc's (nearly correctly
 * rounded) ones answer, where the JavaScript engine's fdlibm-style
 * Math.exp/log/pow/sin/cos/tan are off by one bit for about one input in a hundred.
 *
 * Both evaluate in binary fixed point with {@link BITS} fractional bits
 * (BigInt), far more than the 53 a double keeps, then round once to nearest.
 */
const BITS = 160;
const ONE = 1n << BigInt(BITS);

let ln2Cache: bigint | undefined;

/** ln 2 in fixed point: 2·atanh(1/3), summed until the terms vanish. */
function ln2(): bigint {
  if (ln2Cache !== undefined) return ln2Cache;
  const t = ONE / 3n;
  ln2Cache = 2n * atanhSeries(t);
  return ln2Cache;
}

/** atanh(t) = t + t³/3 + t⁵/5 + … for a fixed-point |t| well below 1. */
function atanhSeries(t: bigint): bigint {
  const t2 = (t * t) / ONE;
  let term = t;
  let sum = t;
  for (let k = 3n; term !== 0n; k += 2n) {
    term = (term * t2) / ONE; // truncates toward zero, so a negative series ends too
    sum += term / k;
  }
  return sum;
}

/** A finite double as an exact mantissa and exponent: x = mant · 2^exp. */
function decompose(x: number): { mant: bigint; exp: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0) return { mant: frac, exp: -1074 };
  return { mant: frac | (1n << 52n), exp: biased - 1075 };
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** 2^e for any integer e, built in steps so no factor overflows or underflows early. */
function scale(x: number, e: number): number {
  while (e > 1000) {
    x *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    x *= 2 ** -1000;
    e += 1000;
  }
  return x * 2 ** e;
}

/**
 * The double nearest to m · 2^e (m ≥ 0), ties to even, subnormals and
 * overflow included. Only the final scaling by a power of two is inexact-free.
 */
function nearest(m: bigint, e: number): number {
  const len = bitLength(m);
  if (len === 0) return 0;
  const top = len - 1 + e; // the value's binary exponent
  if (top > 1023) return Infinity;
  const keep = top >= -1022 ? 53 : 53 - (-1022 - top);
  if (keep <= 0) {
    // below half the smallest subnormal, or between it and the half
    if (keep < 0) return 0;
    const half = 1n << BigInt(len - 1);
    return m > half ? 2 ** -1074 : 0;
  }
  const shift = len - keep;
  if (shift <= 0) return scale(Number(m), e);
  const s = BigInt(shift);
  let q = m >> s;
  const rem = m & ((1n << s) - 1n);
  const half = 1n << (s - 1n);
  if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  return scale(Number(q), e + shift);
}

/** A double as fixed point (exact down to 2^-BITS, truncated below). */
function toFixed(x: number): bigint {
  const { mant, exp } = decompose(x);
  const shift = exp + BITS;
  const fixed = shift >= 0 ? mant << BigInt(shift) : mant >> BigInt(-shift);
  return x < 0 ? -fixed : fixed;
}

/** exp of a fixed-point value, as the double nearest to it. */
function expFixed(v: bigint): number {
  if (v > 710n * ONE) return Infinity;
  if (v < -746n * ONE) return 0;
  const k = Number(v / ln2()); // v / ln 2 truncated: any near choice works
  const r = v - BigInt(k) * ln2();
  // Taylor series of exp(r), |r| < ln 2
  let term = ONE;
  let sum = ONE;
  for (let i = 1n; term !== 0n; i++) {
    term = (term * r) / (i << BigInt(BITS));
    sum += term;
  }
  return nearest(sum, k - BITS);
}

/** exp(x), correctly rounded. */
export function exactExp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === 0) return 1;
  return expFixed(toFixed(x));
}

/** log of a finite x > 0 in fixed point. */
function logFixed(x: number): bigint {
  const { mant, exp } = decompose(x);
  // x = m · 2^e with m in [1/√2, √2): m's fixed point is exact
  const len = bitLength(mant);
  let e = exp + len - 1;
  let m = mant << BigInt(BITS - (len - 1)); // m in [1, 2) as fixed point
  if (m * m > 2n * ONE * ONE) {
    m >>= 1n;
    e += 1;
  }
  const t = ((m - ONE) << BigInt(BITS)) / (m + ONE);
  return BigInt(e) * ln2() + 2n * atanhSeries(t);
}

/** log(x) for a finite x > 0 other than 1, correctly rounded (NaN rules are the caller's). */
export function exactLog(x: number): number {
  const value = logFixed(x);
  const magnitude = nearest(value < 0n ? -value : value, -BITS);
  return value < 0n ? -magnitude : magnitude;
}

/**
 * |x|^y for finite x ≠ 0 and finite y ≠ 0 (the sign and the special cases
 * are the caller's), correctly rounded. An integer power of an integer is
 * computed exactly, so a result that falls on a tie still rounds to even.
 */
export function exactPowMagnitude(x: number, y: number): number {
  const ax = Math.abs(x);
  if (Number.isInteger(ax) && Number.isInteger(y) && y > 0 && y * Math.log2(ax) < 1100) {
    return nearest(BigInt(ax) ** BigInt(y), 0);
  }
  const l = logFixed(ax);
  const { mant, exp } = decompose(y);
  let v = l * mant;
  v = exp >= 0 ? v << BigInt(exp) : v / (1n << BigInt(-exp));
  return expFixed(y < 0 ? -v : v);
}

/** Fractional bits of the argument reduction: enough for |x| up to 2^1024. */
const REDUCE_BITS = 1400;
let halfPiCache: bigint | undefined;

/** atan(1/n) with `bits` fractional bits, for Machin's formula. */
function atanInverse(n: bigint, bits: bigint): bigint {
  const one = 1n << bits;
  const n2 = n * n;
  let term = one / n;
  let sum = term;
  for (let k = 3n, sign = -1n; term !== 0n; k += 2n, sign = -sign) {
    term /= n2;
    sum += (sign * term) / k;
  }
  return sum;
}

/** π/2 with REDUCE_BITS fractional bits: π = 16·atan(1/5) − 4·atan(1/239). */
function halfPi(): bigint {
  if (halfPiCache !== undefined) return halfPiCache;
  const bits = BigInt(REDUCE_BITS + 16);
  const pi = 16n * atanInverse(5n, bits) - 4n * atanInverse(239n, bits);
  halfPiCache = pi >> 17n; // π/2, dropping the 16 guard bits
  return halfPiCache;
}

/**
 * sin(r) and cos(r) in fixed point for |x| ≥ 2^-30, where x = r + q·π/2 and
 * |r| ≤ π/4; `q` is the quadrant (0–3).
 */
function sinCosFixed(x: number): { sin: bigint; cos: bigint; q: number } {
  const { mant, exp } = decompose(x);
  // the reduction needs π/2 to about as many bits as x has integer bits, plus
  // the working precision and a margin: fewer bits make small arguments fast
  const bits = Math.min(REDUCE_BITS, Math.max(0, exp + 53) + BITS + 64);
  const big = mant << BigInt(exp + bits); // exact: exp ≥ -1074 and x ≥ 2^-30
  const hp = halfPi() >> BigInt(REDUCE_BITS - bits);
  const n = (big + hp / 2n) / hp;
  const down = BigInt(bits - BITS);
  let r = (big - n * hp) / (1n << down);
  if (x < 0) r = -r;
  const q = Number(((x < 0 ? -n : n) % 4n) + 4n) % 4;
  const r2 = (r * r) / ONE;
  let sin = r;
  let cos = ONE;
  let termS = r;
  let termC = ONE;
  for (let k = 1n; termS !== 0n || termC !== 0n; k++) {
    termS = -(termS * r2) / ONE / (2n * k * (2n * k + 1n));
    termC = -(termC * r2) / ONE / ((2n * k - 1n) * (2n * k));
    sin += termS;
    cos += termC;
  }
  return { sin, cos, q };
}

function signedNearest(v: bigint, e: number): number {
  const magnitude = nearest(v < 0n ? -v : v, e);
  return v < 0n ? -magnitude : magnitude;
}

/** Below this, sin x and tan x round to x, and cos x to 1. */
const TINY = 2 ** -30;

/** sin(x) for a finite x, correctly rounded. */
export function exactSin(x: number): number {
  if (Math.abs(x) < TINY) return x;
  const { sin, cos, q } = sinCosFixed(x);
  return signedNearest([sin, cos, -sin, -cos][q] ?? 0n, -BITS);
}

/** cos(x) for a finite x, correctly rounded. */
export function exactCos(x: number): number {
  if (Math.abs(x) < TINY) return 1;
  const { sin, cos, q } = sinCosFixed(x);
  return signedNearest([cos, -sin, -cos, sin][q] ?? 0n, -BITS);
}

/** tan(x) for a finite x, correctly rounded. */
export function exactTan(x: number): number {
  if (Math.abs(x) < TINY) return x;
  const { sin, cos, q } = sinCosFixed(x);
  // in odd quadrants tan x = -cos r / sin r
  const [num, den] = q % 2 === 0 ? [sin, cos] : [-cos, sin];
  return signedNearest((num << BigInt(BITS)) / den, -BITS);
}

/** ⌊√n⌋ for n ≥ 0 (Newton's method on BigInt). */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** π/2 at the working precision. */
function halfPiFixed(): bigint {
  return halfPi() >> BigInt(REDUCE_BITS - BITS);
}

/** atan of a fixed-point t ≥ 0 of any size, in fixed point. */
function atanFixed(t: bigint): bigint {
  if (t > ONE) return halfPiFixed() - atanFixed((ONE * ONE) / t);
  // atan t = 2·atan(t / (1 + √(1 + t²))), three times: |t| ≤ 0.1 for the series
  let doublings = 0n;
  for (let i = 0; i < 3; i++) {
    t = (t * ONE) / (ONE + isqrt(ONE * ONE + t * t));
    doublings++;
  }
  const t2 = (t * t) / ONE;
  let term = t;
  let sum = t;
  for (let k = 3n, sign = -1n; term !== 0n; k += 2n, sign = -sign) {
    term = (term * t2) / ONE;
    sum += (sign * term) / k;
  }
  return sum << doublings;
}

/** atan(x) for a finite x, correctly rounded. */
export function exactAtan(x: number): number {
  if (Math.abs(x) < TINY) return x;
  const v = atanFixed(toFixed(Math.abs(x)));
  const magnitude = nearest(v, -BITS);
  return x < 0 ? -magnitude : magnitude;
}

/** asin(x) for |x| ≤ 1, correctly rounded. */
export function exactAsin(x: number): number {
  if (Math.abs(x) < TINY) return x;
  const a = toFixed(Math.abs(x));
  const c = isqrt(ONE * ONE - a * a);
  const v = c === 0n ? halfPiFixed() : atanFixed((a * ONE) / c);
  const magnitude = nearest(v, -BITS);
  return x < 0 ? -magnitude : magnitude;
}

/** acos(x) for |x| ≤ 1, correctly rounded. */
export function exactAcos(x: number): number {
  if (x === 1) return 0;
  const a = toFixed(x);
  const c = isqrt(ONE * ONE - a * a);
  // acos x = π/2 − asin x, with asin x = atan(x / √(1 − x²))
  const asin = c === 0n ? -halfPiFixed() : atanSigned((a * ONE) / c);
  return nearest(halfPiFixed() - asin, -BITS);
}

function atanSigned(t: bigint): bigint {
  return t < 0n ? -atanFixed(-t) : atanFixed(t);
}

/**
 * atan2(y, x) for finite, non-zero y and x, correctly rounded (except that a
 * tiny positive-x quotient is answered as the quotient itself).
 */
export function exactAtan2(y: number, x: number): number {
  const q = Math.abs(y / x);
  if (x > 0 && q < TINY) return y / x;
  const ny = decompose(y);
  const nx = decompose(x);
  // |y/x| in fixed point, from the exact mantissas and exponents
  const shift = ny.exp - nx.exp + BITS;
  const ratio =
    shift >= 0 ? (ny.mant << BigInt(shift)) / nx.mant : ny.mant / (nx.mant << BigInt(-shift));
  let v = atanFixed(ratio);
  if (x < 0) v = 2n * halfPiFixed() - v;
  const magnitude = nearest(v, -BITS);
  return y < 0 ? -magnitude : magnitude;
}
