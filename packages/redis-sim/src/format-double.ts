/**
 * C's `printf("%.17g", x)` as glibc prints it, which is how Redis 7.0 writes a
 * double in a RESP2 reply (ZSCORE, ZRANGE WITHSCORES) and how it turns a Lua
 * number into a command argument inside redis.call. Infinities print as
 * `inf`/`-inf`, matching both paths.
 *
 * JavaScript's toPrecision rounds exact ties away from zero where glibc rounds
 * them to even (2^-25 has exactly 18 significant digits), so the digits come
 * from the double's exact decimal expansion instead.
 */
export function formatDouble(x: number): string {
  // a batch writes and reads one score over and over (every member re-scored to the same
  // deadline, read back as the deadline of the run before), so the last two texts are kept;
  // 0 is left out, as 0 === -0 while their texts differ
  if (x !== 0) {
    if (x === last.x) return last.text;
    if (x === before.x) return before.text;
  }
  const text = formatG(x, 17);
  before.x = last.x;
  before.text = last.text;
  last.x = x;
  last.text = text;
  return text;
}

/** The last two doubles {@link formatDouble} wrote, and their texts (NaN never matches). */
const last = { x: NaN, text: 'nan' };
const before = { x: NaN, text: 'nan' };

/**
 * C's `printf("%.<precision>g", x)` as glibc prints it (precision 1–17):
 * `%.14g` is how Lua 5.1 turns a number into text (`tostring`, `..`, cjson).
 */
export function formatG(x: number, precision: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  // integers with no more digits than the precision print as themselves, and they are the common
  // case; above 2^53 String() may shorten the digits (2^56 prints as ...940, glibc as ...936)
  if (Number.isSafeInteger(x) && Math.abs(x) < 10 ** precision) return String(x);
  const sign = x < 0 ? '-' : '';
  const { digits, exp } = roundHalfEven(exactDecimal(Math.abs(x)), precision);
  return sign + layoutG(digits, exp, precision);
}

/** The exact decimal digits of a positive finite double (no leading zeros), with the exponent of the first digit. */
export function exactDecimal(x: number): { digits: string; exp: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e2: number;
  if (biased === 0) {
    e2 = -1074;
  } else {
    mant |= 1n << 52n;
    e2 = biased - 1075;
  }
  let digits: string;
  let pointShift: number; // value = digits * 10^pointShift
  if (e2 >= 0) {
    digits = (mant << BigInt(e2)).toString();
    pointShift = 0;
  } else {
    // m * 2^-k = m * 5^k / 10^k
    digits = (mant * 5n ** BigInt(-e2)).toString();
    pointShift = e2;
  }
  const trimmed = digits.replace(/^0+/, '');
  return { digits: trimmed, exp: trimmed.length - 1 + pointShift };
}

function roundHalfEven(d: { digits: string; exp: number }, precision: number) {
  const { digits } = d;
  let exp = d.exp;
  if (digits.length <= precision) return { digits, exp };
  let head = digits.slice(0, precision);
  const next = digits.charCodeAt(precision) - 48;
  const rest = digits.slice(precision + 1);
  const restNonZero = /[1-9]/.test(rest);
  const lastOdd = (head.charCodeAt(precision - 1) - 48) % 2 === 1;
  const up = next > 5 || (next === 5 && (restNonZero || lastOdd));
  if (up) {
    const bumped = (BigInt(head) + 1n).toString();
    if (bumped.length > precision) {
      head = bumped.slice(0, precision);
      exp += 1;
    } else {
      head = bumped;
    }
  }
  return { digits: head, exp };
}

/** %g layout: exponent form when exp < -4 or exp >= precision, trailing zeros dropped. */
function layoutG(digits: string, exp: number, precision: number): string {
  const sig = digits.replace(/0+$/, '') || '0';
  if (exp < -4 || exp >= precision) {
    const mantissa = sig.length > 1 ? `${sig[0]}.${sig.slice(1)}` : sig;
    const absExp = Math.abs(exp);
    return `${mantissa}e${exp < 0 ? '-' : '+'}${absExp < 10 ? '0' : ''}${absExp}`;
  }
  if (exp < 0) return `0.${'0'.repeat(-exp - 1)}${sig}`;
  if (sig.length <= exp + 1) return sig + '0'.repeat(exp + 1 - sig.length);
  return `${sig.slice(0, exp + 1)}.${sig.slice(exp + 1)}`;
}
