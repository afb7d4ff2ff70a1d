/**
 * Number ⇄ text as Lua 5.1 does it (a minimal stand-in: the `lua-strings`
 * branch replaces this file with the exact one).
 */
import { formatG } from '../format-double.ts';
import { luaToNumber } from '../numbers.ts';

/** `%.14g`, as Lua 5.1's `tostring(n)` and `..` print a number. */
export function formatLuaNumber(n: number): string {
  return formatG(n, 14);
}

/** `luaO_str2d`: the number a string reads as (hex, surrounding spaces), or undefined. */
export function parseLuaNumber(s: string): number | undefined {
  const n = luaToNumber(s);
  return n === null ? undefined : n;
}
