/**
 * The conversions of C's `sprintf` that Lua 5.1's `string.format` hands to
 * glibc, written out as glibc prints them: flags `-+ #0`, width, precision,
 * `%d %i` (long), `%u %o %x %X` (unsigned long), `%e %E %f %g %G` (double),
 * `%c` and `%s`.
 *
 * Floating conversions start from the double's exact decimal expansion and
 * round half to even, as glibc does (JavaScript's toFixed/toPrecision round
 * exact ties away from zero, so they cannot be used).
 */
import { exactDecimal } from '../../format-double.ts';

/** One parsed conversion: `%[flags][width][.precision]conversion`. */
export interface CFormatSpec {
  /** any of `-+ #0`, in the order written (repeats allowed, as C allows them) */
  flags: string;
  width: number;
  /** undefined when no `.` was written; `.` alone is 0 */
  precision: number | undefined;
}

/** Pads a converted item to the width: left with spaces, or right with '-'. */
function pad(spec: CFormatSpec, body: string): string {
  if (body.length >= spec.width) return body;
  const fill = ' '.repeat(spec.width - body.length);
  return spec.flags.includes('-') ? body + fill : fill + body;
}

/** Pads with zeros between the sign/prefix and the digits ('0' flag, no '-'). */
function padNumber(
  spec: CFormatSpec,
  prefix: string,
  digits: string,
  zeroAllowed: boolean,
): string {
  const zero = zeroAllowed && spec.flags.includes('0') && !spec.flags.includes('-');
  if (zero && prefix.length + digits.length < spec.width) {
    return prefix + '0'.repeat(spec.width - prefix.length - digits.length) + digits;
  }
  return pad(spec, prefix + digits);
}

/**
 * `%d`/`%i` of a signed 64-bit value, or `%u %o %x %X` of an unsigned one
 * (the caller has already applied C's cast).
 */
export function formatCInteger(spec: CFormatSpec, conversion: string, value: bigint): string {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const base = conversion === 'o' ? 8 : conversion === 'x' || conversion === 'X' ? 16 : 10;
  let digits = magnitude.toString(base);
  if (conversion === 'X') digits = digits.toUpperCase();
  if (spec.precision !== undefined) {
    if (spec.precision === 0 && magnitude === 0n) digits = '';
    if (digits.length < spec.precision)
      digits = '0'.repeat(spec.precision - digits.length) + digits;
  }
  let prefix = '';
  if (conversion === 'd' || conversion === 'i') {
    if (negative) prefix = '-';
    else if (spec.flags.includes('+')) prefix = '+';
    else if (spec.flags.includes(' ')) prefix = ' ';
  } else if (spec.flags.includes('#')) {
    if (conversion === 'o' && !digits.startsWith('0')) digits = '0' + digits;
    if ((conversion === 'x' || conversion === 'X') && magnitude !== 0n) {
      prefix = conversion === 'x' ? '0x' : '0X';
    }
  }
  return padNumber(spec, prefix, digits, spec.precision === undefined);
}

/** `%c`: one byte, padded with spaces (glibc ignores '0' and the precision here). */
export function formatCChar(spec: CFormatSpec, byte: number): string {
  return pad(spec, String.fromCharCode(byte & 0xff));
}

/** `%s` of a C string: it ends at its first NUL, the precision cuts it, spaces pad it. */
export function formatCString(spec: CFormatSpec, s: string): string {
  const nul = s.indexOf('\0');
  let text = nul === -1 ? s : s.slice(0, nul);
  if (spec.precision !== undefined) text = text.slice(0, spec.precision);
  return pad(spec, text);
}

/** True when the double's sign bit is set (also for -0 and a negative NaN). */
export function signBit(x: number): boolean {
  if (x !== 0 && !Number.isNaN(x)) return x < 0;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return (view.getUint8(0) & 0x80) !== 0;
}

/** Decimal digits (first one non-zero, or "" for zero) and the power of ten of the first. */
interface Decimal {
  digits: string;
  exp: number;
}

/**
 * Rounds to `keep` significant digits (half to even on the exact tail). A
 * `keep` of 0 or less rounds to a power of ten or to zero: the number then
 * has fewer digits than asked, and the caller pads with zeros.
 */
function roundDecimal(d: Decimal, keep: number): Decimal {
  const { digits } = d;
  if (digits.length <= keep) return d;
  if (keep < 0) return { digits: '', exp: d.exp };
  const next = digits.charCodeAt(keep) - 48;
  const restNonZero = /[1-9]/.test(digits.slice(keep + 1));
  const lastOdd = keep > 0 && (digits.charCodeAt(keep - 1) - 48) % 2 === 1;
  const up = next > 5 || (next === 5 && (restNonZero || lastOdd));
  const head = digits.slice(0, keep);
  if (!up) return head === '' ? { digits: '', exp: d.exp } : { digits: head, exp: d.exp };
  if (head === '') return { digits: '1', exp: d.exp + 1 };
  const bumped = incrementDigits(head);
  if (bumped.length > head.length) return { digits: bumped.slice(0, keep), exp: d.exp + 1 };
  return { digits: bumped, exp: d.exp };
}

/**
 * `x` (positive, finite) rounded to `keep` significant digits, 1 ≤ keep ≤ 28.
 * JavaScript's toExponential gives a few more correctly rounded digits
 * quickly (17 are cheap, more take its slow path); they decide the rounding
 * at `keep` digits unless they read exactly as a tie ("5000…"), where only
 * the exact expansion can tell.
 */
function roundedFast(x: number, keep: number): Decimal {
  const more = keep <= 16 ? 17 : 30;
  const text = x.toExponential(more - 1);
  const digits = text[0] + text.slice(2, more + 1);
  const tail = digits.slice(keep);
  if (/^50*$/.test(tail)) return roundDecimal(exactDecimal(x), keep);
  const exp = Number(text.slice(more + 2));
  const head = digits.slice(0, keep);
  if (tail.charCodeAt(0) < 53) return { digits: head, exp };
  const bumped = incrementDigits(head);
  if (bumped.length > keep) return { digits: bumped.slice(0, keep), exp: exp + 1 };
  return { digits: bumped, exp };
}

/** A decimal digit string plus one ("199" → "200", "99" → "100"). */
function incrementDigits(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return '1' + '0'.repeat(digits.length);
  return (
    digits.slice(0, i) +
    String.fromCharCode(digits.charCodeAt(i) + 1) +
    '0'.repeat(digits.length - 1 - i)
  );
}

/** `x` (finite) rounded to `keep` significant digits; zero has no digits. */
function rounded(x: number, keep: number): Decimal {
  if (x === 0) return { digits: '', exp: 0 };
  const abs = Math.abs(x);
  if (keep >= 1 && keep <= 28) return roundedFast(abs, keep);
  return roundDecimal(exactDecimal(abs), keep);
}

/** The digit at power of ten `pos` of a decimal (0 outside its digits). */
function digitAt(d: Decimal, pos: number): string {
  const i = d.exp - pos;
  return i >= 0 && i < d.digits.length ? (d.digits[i] ?? '0') : '0';
}

/** Fixed notation with `precision` digits after the point (the `%f` body). */
function fixedBody(d: Decimal, precision: number, alt: boolean): string {
  let int = '';
  for (let pos = Math.max(d.exp, 0); pos >= 0; pos--) int += digitAt(d, pos);
  if (d.digits === '') int = '0';
  let frac = '';
  for (let pos = -1; pos >= -precision; pos--) frac += digitAt(d, pos);
  return precision > 0 || alt ? `${int}.${frac}` : int;
}

/** Exponent notation with `precision` digits after the point (the `%e` body). */
function exponentBody(d: Decimal, precision: number, alt: boolean, upper: boolean): string {
  const digits = d.digits === '' ? '0' : d.digits;
  const exp = d.digits === '' ? 0 : d.exp;
  const frac = digits.slice(1).padEnd(precision, '0');
  const mantissa = precision > 0 || alt ? `${digits[0]}.${frac}` : (digits[0] ?? '0');
  const absExp = Math.abs(exp);
  const e = upper ? 'E' : 'e';
  return `${mantissa}${e}${exp < 0 ? '-' : '+'}${absExp < 10 ? '0' : ''}${absExp}`;
}

/** Drops trailing zeros of the fraction, and the point if nothing follows it (`%g` without '#'). */
function trimFraction(body: string): string {
  const e = body.search(/[eE]/);
  const mantissa = e === -1 ? body : body.slice(0, e);
  const tail = e === -1 ? '' : body.slice(e);
  if (!mantissa.includes('.')) return body;
  return mantissa.replace(/0+$/, '').replace(/\.$/, '') + tail;
}

/** `%e %E %f %g %G` of a double, flags, width and precision included. */
export function formatCFloat(spec: CFormatSpec, conversion: string, x: number): string {
  const upper = conversion === 'E' || conversion === 'G';
  const negative = signBit(x);
  const sign = negative
    ? '-'
    : spec.flags.includes('+')
      ? '+'
      : spec.flags.includes(' ')
        ? ' '
        : '';
  if (!Number.isFinite(x)) {
    const word = Number.isNaN(x) ? 'nan' : 'inf';
    // glibc pads inf and nan with spaces even under the '0' flag
    return pad(spec, sign + (upper ? word.toUpperCase() : word));
  }
  const alt = spec.flags.includes('#');
  const p = spec.precision ?? 6;
  let body: string;
  if (conversion === 'f') {
    // the digits kept depend on the exponent: this one takes the exact expansion
    const exact: Decimal = x === 0 ? { digits: '', exp: 0 } : exactDecimal(Math.abs(x));
    body = fixedBody(roundDecimal(exact, exact.exp + 1 + p), p, alt);
  } else if (conversion === 'e' || conversion === 'E') {
    body = exponentBody(rounded(x, p + 1), p, alt, upper);
  } else {
    const significant = p === 0 ? 1 : p;
    const r = rounded(x, significant);
    const exp = r.digits === '' ? 0 : r.exp;
    // glibc sizes the fraction on the exponent before rounding: a value that rounds up to
    // exactly 10^P (99.5 at %#.2g) takes e style with no digit after the point, "1.e+02"
    // where C's rule would print "1.0e+02"; only '#' shows it (trimFraction drops the zeros)
    const carried = exp === significant && exactDecimal(Math.abs(x)).exp === significant - 1;
    body =
      exp < -4 || exp >= significant
        ? carried
          ? exponentBody({ digits: '1', exp }, 0, alt, upper)
          : exponentBody(r, significant - 1, alt, upper)
        : fixedBody(r, significant - 1 - exp, alt);
    if (!alt) body = trimFraction(body);
  }
  return padNumber(spec, sign, body, true);
}
