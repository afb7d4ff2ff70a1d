/**
 * The argument checks of Lua 5.1's lauxlib (`luaL_checktype`,
 * `luaL_checknumber`, `luaL_checkint`, `luaL_optlstring`, …) as the table,
 * cjson, cmsgpack, bit and struct libraries use them. Each throws a
 * {@link LuaArgError} with the words lauxlib would use; the interpreter adds
 * the function's name and the position.
 */
import { formatG } from '../../format-double.ts';
import { luaToNumber } from '../../numbers.ts';
import { LuaArgError, LuaTable, luaType, type LuaValue } from '../values.ts';

/** `luaL_typename` of argument n (1-based): the type, or "no value" past the last argument. */
export function argTypeName(args: LuaValue[], n: number): string {
  return n > args.length ? 'no value' : luaType(args[n - 1]);
}

/** `luaL_typerror`: "<expected> expected, got <type>". */
export function typeError(args: LuaValue[], n: number, expected: string): LuaArgError {
  return new LuaArgError(n, `${expected} expected, got ${argTypeName(args, n)}`);
}

/** `lua_tonumber`: a number, or a string that reads as one (`luaO_str2d`); else undefined. */
export function coerceToNumber(v: LuaValue): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return luaToNumber(v) ?? undefined;
  return undefined;
}

/** `lua_tolstring`: a string, or a number as `%.14g` text; else undefined. */
export function coerceToString(v: LuaValue): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatG(v, 14);
  return undefined;
}

/**
 * `lua_Integer` from a double as x86-64 does it: truncation towards zero,
 * and 2^63 (INT64_MIN) for NaN and anything out of range.
 */
export function toInteger(d: number): bigint {
  if (Number.isNaN(d) || d >= 2 ** 63 || d < -(2 ** 63)) return -(2n ** 63n);
  return BigInt(Math.trunc(d));
}

/** `(int)lua_Integer`: the low 32 bits, signed. */
export function toCInt(d: number): number {
  if (Math.abs(d) < 2 ** 31) return Math.trunc(d) | 0;
  return Number(BigInt.asIntN(32, toInteger(d)));
}

/** `luaL_checktype(L, n, LUA_TTABLE)`. */
export function checkTable(args: LuaValue[], n: number): LuaTable {
  const v = args[n - 1];
  if (v instanceof LuaTable) return v;
  throw typeError(args, n, 'table');
}

/** `luaL_checknumber`. */
export function checkNumber(args: LuaValue[], n: number): number {
  const d = coerceToNumber(args[n - 1]);
  if (d === undefined) throw typeError(args, n, 'number');
  return d;
}

/** `luaL_checkint`: the number through `lua_Integer`, then to a C int. */
export function checkInt(args: LuaValue[], n: number): number {
  return toCInt(checkNumber(args, n));
}

/** `luaL_optint`: the default when the argument is none or nil. */
export function optInt(args: LuaValue[], n: number, def: number): number {
  return args[n - 1] === undefined ? def : checkInt(args, n);
}

/** `luaL_checklstring`. */
export function checkString(args: LuaValue[], n: number): string {
  const s = coerceToString(args[n - 1]);
  if (s === undefined) throw typeError(args, n, 'string');
  return s;
}

/** `luaL_optlstring`. */
export function optString(args: LuaValue[], n: number, def: string): string {
  return args[n - 1] === undefined ? def : checkString(args, n);
}

/**
 * A library table as `luaL_register` makes it: a table presized for the
 * functions (`lua_createtable(L, 0, n)`), then each set in the order given.
 * The presizing shows in `pairs` order, so it is part of the emulation.
 */
export function registerLibrary(entries: Array<[string, LuaValue]>): LuaTable {
  const t = LuaTable.withSizes(0, entries.length);
  for (const [k, v] of entries) t.set(k, v);
  return t;
}
