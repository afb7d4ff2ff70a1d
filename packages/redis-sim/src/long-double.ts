/**
 * The x87 `long double` INCRBYFLOAT and HINCRBYFLOAT compute in (a 64-bit mantissa, 15-bit
 * exponent), exactly: Redis reads both numbers with strtold (`string2ld`), adds them in long
 * double and prints the sum with `%.17Lf`, trailing zeros dropped (`ld2string`'s human mode).
 * A JavaScript double would answer 0.1 + 0.2 as 0.30000000000000004; the long double prints
 * 0.3, as Redis does. Values are held exactly as sign · mantissa · 2^exponent in BigInts.
 */

/** A finite long double (`mant` < 2^64, zero when `mant` is 0n), or an infinity. */
export type LongDouble =
  | { kind: 'finite'; negative: boolean; mant: bigint; exp: number }
  | { kind: 'inf'; negative: boolean };

const MANT_BITS = 64;
/** The largest binary exponent of a finite long double's value (LDBL_MAX_EXP). */
const MAX_EXP = 16384;
/** Below 2^-16445 (the least subnormal) strtold underflows to zero, which string2ld refuses. */
const MIN_EXP = -16445;

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/** `num / den` (both positive) rounded to a 64-bit mantissa, ties to even. */
function roundRatio(negative: boolean, num: bigint, den: bigint): LongDouble {
  if (num === 0n) return { kind: 'finite', negative, mant: 0n, exp: 0 };
  // the exponent e such that 2^63 <= num / den / 2^e < 2^64
  let e = bitLength(num) - bitLength(den) - MANT_BITS;
  const scaled = () => (e >= 0 ? [num, den << BigInt(e)] : [num << BigInt(-e), den]);
  let [n, d] = scaled();
  while (n! / d! >= 1n << 64n) {
    e++;
    [n, d] = scaled();
  }
  while (n! / d! < 1n << 63n) {
    e--;
    [n, d] = scaled();
  }
  let q = n! / d!;
  const r2 = (n! % d!) * 2n;
  if (r2 > d! || (r2 === d! && (q & 1n) === 1n)) q++;
  if (q === 1n << 64n) {
    q >>= 1n;
    e++;
  }
  if (e + MANT_BITS > MAX_EXP) return { kind: 'inf', negative };
  return { kind: 'finite', negative, mant: q, exp: e };
}

const ZERO: LongDouble = { kind: 'finite', negative: false, mant: 0n, exp: 0 };

/** The exact rational of a finite value: [num, den] with the sign kept apart. */
function ratio(x: { mant: bigint; exp: number }): [bigint, bigint] {
  return x.exp >= 0 ? [x.mant << BigInt(x.exp), 1n] : [x.mant, 1n << BigInt(-x.exp)];
}

const DECIMAL = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
const HEX =
  /^([+-]?)0[xX](?:([0-9a-fA-F]+)(?:\.([0-9a-fA-F]*))?|\.([0-9a-fA-F]+))(?:[pP]([+-]?\d+))?$/;
const INF = /^([+-]?)(?:inf|infinity)$/i;

/**
 * A number as `string2ld` reads it, or null where it refuses: the whole text must be a
 * strtold number with no leading space, not NaN, not overflowing and not underflowing to zero.
 */
export function parseLongDouble(s: string): LongDouble | null {
  if (s.length === 0 || s.length >= 5 * 1024) return null;
  const inf = INF.exec(s);
  if (inf) return { kind: 'inf', negative: inf[1] === '-' };
  const dec = DECIMAL.exec(s);
  const hex = dec ? null : HEX.exec(s);
  const m = dec ?? hex;
  if (!m) return null;
  const negative = m[1] === '-';
  const whole = m[2] ?? '';
  const frac = m[3] ?? m[4] ?? '';
  // an exponent beyond any range only over- or underflows; clamp it so BigInt stays small
  const exp = Math.max(-100_000, Math.min(100_000, Number(m[5] ?? '0')));
  let num: bigint;
  let den = 1n;
  if (dec) {
    num = BigInt((whole + frac).replace(/^0+(?=.)/, '') || '0');
    const shift = exp - frac.length;
    if (shift >= 0) num *= 10n ** BigInt(shift);
    else den = 10n ** BigInt(-shift);
  } else {
    num = BigInt(`0x${whole + frac || '0'}`);
    const shift = exp - 4 * frac.length;
    if (shift >= 0) num <<= BigInt(shift);
    else den = 1n << BigInt(-shift);
  }
  const v = roundRatio(negative, num, den);
  if (v.kind === 'inf') return null; // ERANGE with HUGE_VAL
  if (v.mant !== 0n && v.exp + MANT_BITS <= MIN_EXP) return null; // ERANGE, underflow
  return v;
}

/** `a + b` in long double arithmetic (round to nearest, ties to even); NaN is null. */
export function addLongDouble(a: LongDouble, b: LongDouble): LongDouble | null {
  if (a.kind === 'inf' || b.kind === 'inf') {
    if (a.kind === 'inf' && b.kind === 'inf' && a.negative !== b.negative) return null;
    return a.kind === 'inf' ? a : b;
  }
  if (a.mant === 0n && b.mant === 0n) {
    return { ...ZERO, negative: a.negative && b.negative };
  }
  const [an, ad] = ratio(a);
  const [bn, bd] = ratio(b);
  const den = ad > bd ? ad : bd;
  const sa = (a.negative ? -an : an) * (den / ad);
  const sb = (b.negative ? -bn : bn) * (den / bd);
  const sum = sa + sb;
  if (sum === 0n) return ZERO;
  return roundRatio(sum < 0n, sum < 0n ? -sum : sum, den);
}

/** `ld2string(…, LD_STR_HUMAN)`: `%.17Lf`, trailing zeros and a bare point dropped, -0 as 0. */
export function formatLongDoubleHuman(x: LongDouble): string {
  if (x.kind === 'inf') return x.negative ? '-inf' : 'inf';
  const [num, den] = ratio(x);
  const scale = 10n ** 17n;
  let q = (num * scale) / den;
  const r2 = ((num * scale) % den) * 2n;
  if (r2 > den || (r2 === den && (q & 1n) === 1n)) q++;
  const digits = q.toString().padStart(18, '0');
  let text = `${digits.slice(0, -17)}.${digits.slice(-17)}`.replace(/0+$/, '').replace(/\.$/, '');
  if (x.negative && text !== '0') text = `-${text}`;
  return text;
}

/**
 * `(long long) ceill(x * 1000.0)` on x86-64, as 7.0.15's getTimeoutFromObjectOrReply reads a
 * timeout in seconds: the product rounded to a long double, rounded up to a whole number, and
 * converted with `cvttsd2si`'s rule that anything out of int64's range (an infinity included)
 * becomes INT64_MIN.
 */
export function ceilThousandfoldToInt64(x: LongDouble): bigint {
  const INT64_MIN = -(2n ** 63n);
  if (x.kind === 'inf') return INT64_MIN;
  const [num, den] = ratio(x);
  const product = roundRatio(x.negative, num * 1000n, den);
  if (product.kind === 'inf') return INT64_MIN;
  const [pn, pd] = ratio(product);
  // ceil of ±pn/pd: toward +∞, so a positive remainder rounds the quotient up
  let whole = pn / pd;
  if (!product.negative && pn % pd !== 0n) whole += 1n;
  const signed = product.negative ? -whole : whole;
  return signed >= 2n ** 63n || signed < INT64_MIN ? INT64_MIN : signed;
}
