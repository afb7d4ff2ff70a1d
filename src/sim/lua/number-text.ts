/**
 * Number ⇄ text as Lua 5.1 does it (a minimal stand-in: the `lua-strings`
 * branch replaces this file with the exact one).
 */
import { luaToNumber } from '../numbers.ts';

/** `%.14g`, as Lua 5.1's `tostring(n)` and `..` print a number. */
export function formatLuaNumber(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (n === Infinity) return 'inf';
  if (n === -Infinity) return '-inf';
  if (Object.is(n, -0)) return '-0';
  if (Number.isInteger(n) && Math.abs(n) < 1e14) return String(n);
  const [mant = '', e = '0'] = n.toExponential(13).split('e');
  const exp = Number(e);
  const digits = mant.replace('-', '').replace('.', '');
  const sign = n < 0 ? '-' : '';
  const sig = digits.replace(/0+$/, '') || '0';
  if (exp < -4 || exp >= 14) {
    const m = sig.length > 1 ? `${sig[0]}.${sig.slice(1)}` : sig;
    const a = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${a < 10 ? '0' : ''}${a}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${sig}`;
  if (sig.length <= exp + 1) return sign + sig + '0'.repeat(exp + 1 - sig.length);
  return `${sign}${sig.slice(0, exp + 1)}.${sig.slice(exp + 1)}`;
}

/** `luaO_str2d`: the number a string reads as (hex, surrounding spaces), or undefined. */
export function parseLuaNumber(s: string): number | undefined {
  const n = luaToNumber(s);
  return n === null ? undefined : n;
}
