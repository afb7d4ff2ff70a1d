/**
 * C `strtod` as glibc implements it, over a JS string: the longest prefix that
 * reads as a number, after leading whitespace. `end` is the index where parsing
 * stopped (0 when nothing was read, as `endptr == s` in C).
 *
 * Both Lua 5.1's string-to-number conversion and Redis's float arguments are
 * built on strtod, so the two parsers in this folder share this one.
 */
export interface StrtodResult {
  value: number;
  /** index just past the parsed text; 0 when no conversion was done */
  end: number;
  /** glibc sets ERANGE when the result overflowed to ±inf or underflowed to 0 */
  range: 'overflow' | 'underflow' | null;
}

const C_SPACE = /[ \t\n\v\f\r]/;

/** True for the six characters C's isspace accepts in the C locale. */
export function isCSpace(ch: string | undefined): boolean {
  return ch !== undefined && ch.length === 1 && C_SPACE.test(ch);
}

const SPECIAL = /^(inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?)/i;
const HEX = /^0[xX](?:([0-9a-fA-F]+)(?:\.([0-9a-fA-F]*))?|\.([0-9a-fA-F]+))(?:[pP]([+-]?\d+))?/;
const DEC = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

/**
 * The start every C number reader shares (strtod, strtol, strtoul): C spaces,
 * then an optional sign. `i` is where the digits may begin.
 */
export function skipSpaceAndSign(s: string): { i: number; negative: boolean } {
  let i = 0;
  while (isCSpace(s[i])) i++;
  const negative = s[i] === '-';
  if (negative || s[i] === '+') i++;
  return { i, negative };
}

/** C's `strtod` of `s` as glibc reads it: the double, and how many characters it consumed. */
export function strtod(s: string): StrtodResult {
  const { i, negative } = skipSpaceAndSign(s);
  const rest = s.slice(i);
  const sign = negative ? -1 : 1;

  const special = SPECIAL.exec(rest);
  if (special) {
    const word = special[1] ?? '';
    const isNan = word[0] === 'n' || word[0] === 'N';
    return { value: isNan ? NaN : sign * Infinity, end: i + word.length, range: null };
  }

  const hex = HEX.exec(rest);
  if (hex) return finish(hexValue(hex), hex[0].length, i, sign);

  const dec = DEC.exec(rest);
  if (dec) {
    const text = dec[0];
    const value = Number(text);
    let range: StrtodResult['range'] = null;
    if (value === Infinity) range = 'overflow';
    else if (value === 0 && /[1-9]/.test(text.split(/[eE]/)[0] ?? '')) range = 'underflow';
    return { value: sign * value, end: i + text.length, range };
  }

  return { value: 0, end: 0, range: null };
}

function finish(
  magnitude: { value: number; nonZero: boolean },
  length: number,
  start: number,
  sign: number,
): StrtodResult {
  let range: StrtodResult['range'] = null;
  if (magnitude.value === Infinity) range = 'overflow';
  else if (magnitude.value === 0 && magnitude.nonZero) range = 'underflow';
  return { value: sign * magnitude.value, end: start + length, range };
}

/**
 * The value of a hex float. The mantissa rounds to 53 bits once (Number of a
 * BigInt rounds half to even); scaling by a power of two is then exact except
 * in the subnormal range, where a second rounding may differ from glibc.
 */
function hexValue(m: RegExpExecArray): { value: number; nonZero: boolean } {
  const intDigits = m[1] ?? '';
  const fracDigits = m[2] ?? m[3] ?? '';
  const all = intDigits + fracDigits;
  const mant = BigInt('0x' + (all || '0'));
  if (mant === 0n) return { value: 0, nonZero: false };
  let exp = Number(m[4] ?? '0') - 4 * fracDigits.length;
  let value = Number(mant);
  // scale in chunks so an intermediate never overflows or underflows early
  while (exp > 0 && value !== Infinity) {
    const step = Math.min(exp, 1000);
    value *= 2 ** step;
    exp -= step;
  }
  while (exp < 0 && value !== 0) {
    const step = Math.min(-exp, 1000);
    value /= 2 ** step;
    exp += step;
  }
  return { value, nonZero: true };
}
