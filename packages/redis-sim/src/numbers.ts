import { isCSpace, strtod } from './strtod.ts';

/**
 * Lua 5.1's `tonumber(s)` (and its string-to-number coercion in arithmetic),
 * which is `luaO_str2d`: strtod on the C string, then trailing whitespace only.
 * Answers null where Lua answers nil.
 *
 * The C string ends at the first NUL, so `'5\0x'` reads as 5. luaO_str2d's
 * strtoul retry for a stop at `x` never succeeds with glibc, whose strtod
 * already reads hex, so it is not modelled.
 */
export function luaToNumber(s: string): number | null {
  const nul = s.indexOf('\0');
  const text = nul === -1 ? s : s.slice(0, nul);
  const r = strtod(text);
  if (r.end === 0) return null;
  for (let i = r.end; i < text.length; i++) if (!isCSpace(text[i])) return null;
  return r.value;
}

/**
 * A float argument as Redis 7.0 reads it (`getDoubleFromObject`, used by ZADD
 * and ZINCRBY): the whole string must be a strtod number with no leading
 * space, not NaN, and not out of range. Null means `ERR value is not a valid float`.
 */
export function redisParseDouble(s: string): number | null {
  // a batch sends one deadline over and over (the text redis.call made of the same number)
  if (s === lastDouble.text) return lastDouble.value;
  const value = parseDouble(s);
  if (value !== null) {
    lastDouble.text = s;
    lastDouble.value = value;
  }
  return value;
}

/** The last text {@link redisParseDouble} read as a double, and its value (none at first). */
const lastDouble: { text: string | null; value: number } = { text: null, value: 0 };

function parseDouble(s: string): number | null {
  // the common argument (a deadline, a count): plain digits, exact as a double below
  // 10^15, where strtod and Number read the same value (a leading zero and -0 included)
  if (isPlainInteger(s)) return Number(s);
  if (s.length === 0 || isCSpace(s[0])) return null;
  const r = strtod(s);
  if (r.end !== s.length || r.end === 0) return null;
  if (r.range !== null || Number.isNaN(r.value)) return null;
  return r.value;
}

/** `/^-?[0-9]{1,15}$/`, tested char by char (a regular expression's call costs more on every ZADD). */
function isPlainInteger(s: string): boolean {
  const start = s.charCodeAt(0) === 45 ? 1 : 0;
  const digits = s.length - start;
  if (digits < 1 || digits > 15) return false;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * An integer argument as Redis reads it (`string2ll`): an optional minus, no
 * plus, no spaces, no leading zeros, within int64. Null means
 * `ERR value is not an integer or out of range`.
 */
export function redisParseInt(s: string): number | null {
  if (!/^(?:0|-?[1-9]\d*)$/.test(s)) return null;
  const n = BigInt(s);
  if (n < INT64_MIN || n > INT64_MAX) return null;
  return Number(n);
}

/** A ZRANGE BYSCORE bound: `(` for exclusive, then strtod over the rest, not NaN. */
export function redisParseScoreBound(s: string): { value: number; exclusive: boolean } | null {
  const exclusive = s.startsWith('(');
  const text = exclusive ? s.slice(1) : s;
  const r = strtod(text);
  if (r.end !== text.length || Number.isNaN(r.value)) return null;
  // strtod reading nothing of an empty string still ends at 0 == length: Redis accepts it as 0
  return { value: r.value, exclusive };
}

/** The int64 range, for arithmetic that must refuse to overflow as Redis does. */
export const INT64 = { min: INT64_MIN, max: INT64_MAX } as const;

/** {@link redisParseInt} without losing precision past 2^53: the value as a bigint, or null. */
export function redisParseInt64(s: string): bigint | null {
  if (!/^(?:0|-?[1-9]\d*)$/.test(s)) return null;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? null : n;
}

/**
 * An integer reply of `n` (an int64, or a double already cast to one): a number where that holds
 * it exactly, else a bigint. A number past 2^53 would round (9223372036854775807 would print as
 * 9223372036854776000), and redis-cli prints every digit.
 */
export function intReply(n: bigint | number): number | bigint {
  if (typeof n === 'number') return Number.isSafeInteger(n) ? n : BigInt(n);
  return n >= -MAX_SAFE && n <= MAX_SAFE ? Number(n) : n;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
