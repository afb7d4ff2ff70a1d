/**
 * Number ↔ text as Lua 5.1 does it inside Redis 7.0 (x86-64, glibc):
 * `lua_number2str` (`%.14g`, used by tostring, `..` and string arguments) and
 * `luaO_str2d` (tonumber and string arithmetic), and glibc's `strtoul` (tonumber with a base,
 * in lib/tonumber.ts).
 */
import { formatCFloat, signBit } from './lib/c-printf.ts';
import { skipSpaceAndSign } from '../strtod.ts';
import { luaToNumber } from '../numbers.ts';
import { chargeScan } from './interpreter/runtime.ts';

const G14 = { flags: '', width: 0, precision: 14 };

/**
 * A number as Lua 5.1 writes it: C's `%.14g` as glibc prints it (`1e+15`,
 * `0.1`, `-0`, `inf`, `-inf`). A NaN prints as `-nan` when its sign bit is
 * set, as glibc does: on x86 `0/0` and `inf-inf` give such a NaN, while
 * `tonumber('nan')` does not, so the bit must survive in the value.
 */
export function formatLuaNumber(n: number): string {
  // integers of up to 14 digits print as themselves: by far the common case
  if (Number.isInteger(n) && n > -1e14 && n < 1e14) return n === 0 && signBit(n) ? '-0' : String(n);
  return formatCFloat(G14, 'g', n);
}

/**
 * The NaN x86 produces for an invalid operation (0/0, inf-inf, sqrt(-1),
 * log(-1)): its sign bit is set, so glibc prints it `-nan`. `strtod("-nan")`
 * gives the same bits. JavaScript engines do not promise to keep a NaN's
 * sign through every operation, so this is as faithful as the host allows.
 */
export const DEFAULT_NAN = (() => {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, 0xfff80000);
  return view.getFloat64(0);
})();

/**
 * A string as Lua 5.1 reads it as a number (`luaO_str2d`): glibc strtod
 * (decimal, exponents, `0x` hex with `p` exponents, `inf`/`infinity`/`nan`
 * in any case), leading and trailing C whitespace, and nothing else; the
 * C string ends at its first NUL. Undefined where Lua answers nil.
 */
export function parseLuaNumber(s: string): number | undefined {
  // tonumber and arithmetic on a string read all of it (a megabyte of digits is work)
  chargeScan(s.length);
  const value = luaToNumber(s);
  if (value === null) return undefined;
  if (Number.isNaN(value) && skipSpaceAndSign(s).negative) return DEFAULT_NAN; // strtod("-nan") keeps the sign
  return value;
}

const ULONG_MAX = 2n ** 64n - 1n;

/**
 * glibc `strtoul(s, &end, base)` for base 2–36: whitespace, an optional sign
 * (a minus negates modulo 2^64), `0x` before base-16 digits, then digits;
 * ULONG_MAX on overflow. `end` is 0 when no digit was read.
 */
export function strtoul(s: string, base: number): { value: bigint; end: number } {
  const lead = skipSpaceAndSign(s);
  let i = lead.i;
  const negative = lead.negative;
  if (
    base === 16 &&
    s[i] === '0' &&
    (s[i + 1] === 'x' || s[i + 1] === 'X') &&
    digitValue(s[i + 2]) < 16
  ) {
    i += 2;
  }
  const start = i;
  let value = 0n;
  let overflow = false;
  const big = BigInt(base);
  while (i < s.length && digitValue(s[i]) < base) {
    // past ULONG_MAX only the digits' end matters: a growing BigInt would make this quadratic
    if (!overflow) {
      value = value * big + BigInt(digitValue(s[i]));
      if (value > ULONG_MAX) overflow = true;
    }
    i++;
  }
  if (i === start) return { value: 0n, end: 0 };
  if (overflow) return { value: ULONG_MAX, end: i };
  return { value: negative && value !== 0n ? 2n ** 64n - value : value, end: i };
}

function digitValue(ch: string | undefined): number {
  if (ch === undefined) return 99;
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 122) return c - 87;
  if (c >= 65 && c <= 90) return c - 55;
  return 99;
}
