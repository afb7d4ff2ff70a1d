/**
 * Argument checks of Lua 5.1's auxiliary library (lauxlib.c), as every library
 * uses them: `luaL_checktype`, `luaL_checknumber`, `luaL_checkinteger`,
 * `luaL_checkint`, `luaL_checklstring` and their `opt` forms, the `lua_to*`
 * coercions and `luaL_register`. Each throws a
 * {@link LuaArgError} worded as luaL_typerror words it ("number expected, got
 * no value"); the interpreter adds "bad argument #n to 'name'".
 *
 * `args` is the exact argument list of the call: an argument past its end is
 * "no value", one inside it that is undefined is "nil" (Lua tells them apart).
 */
import { LuaArgError, LuaTable, luaType, type LuaValue } from '../values.ts';
import { formatLuaNumber, parseLuaNumber } from '../number-text.ts';

/** luaL_typename of argument `n` (1-based): "no value" past the last argument. */
export function argTypeName(args: readonly LuaValue[], n: number): string {
  return n > args.length ? 'no value' : luaType(args[n - 1]);
}

/** `luaL_typerror`: "<expected> expected, got <type>". */
export function typeError(args: readonly LuaValue[], n: number, expected: string): LuaArgError {
  return new LuaArgError(n, `${expected} expected, got ${argTypeName(args, n)}`);
}

/** `lua_tonumber`: a number, or a string that reads as one (`luaO_str2d`); else undefined. */
export function coerceToNumber(v: LuaValue): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return parseLuaNumber(v);
  return undefined;
}

/** `lua_tolstring`: a string, or a number as `%.14g` text; else undefined. */
export function coerceToString(v: LuaValue): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatLuaNumber(v);
  return undefined;
}

/** luaL_checknumber: a number, or a string that converts as `tonumber` would. */
export function checkNumber(args: readonly LuaValue[], n: number): number {
  const d = coerceToNumber(args[n - 1]);
  if (d === undefined) throw typeError(args, n, 'number');
  return d;
}

/** `luaL_checktype(L, n, LUA_TTABLE)`. */
export function checkTable(args: readonly LuaValue[], n: number): LuaTable {
  const v = args[n - 1];
  if (v instanceof LuaTable) return v;
  throw typeError(args, n, 'table');
}

const TWO_63 = 2 ** 63;

/**
 * C's `(long)d` on x86-64 (cvttsd2si): truncation toward zero, and the
 * "integer indefinite" value -2^63 for NaN and anything outside the int64
 * range. The answer is a double holding that exact integer.
 */
export function toLong(d: number): number {
  if (d >= -TWO_63 && d < TWO_63) return Math.trunc(d) + 0; // + 0 turns -0 into 0
  return -TWO_63;
}

/** `lua_Integer` from a double, as a bigint (see {@link toLong}): for the bit and struct libraries. */
export function toInteger(d: number): bigint {
  return BigInt(toLong(d));
}

/** C's `(int)` of a long: the low 32 bits, signed (what luaL_checkint does to luaL_checkinteger). */
export function toInt32(long: number): number {
  if (long >= -2147483648 && long <= 2147483647) return long;
  return Number(BigInt.asIntN(32, BigInt(long)));
}

/** luaL_checkinteger: the number as C's `(long)` cast makes it (see {@link toLong}). */
export function checkInteger(args: readonly LuaValue[], n: number): number {
  return toLong(checkNumber(args, n));
}

/** luaL_optinteger: `def` for nil or no value, else {@link checkInteger}. */
export function optInteger(args: readonly LuaValue[], n: number, def: number): number {
  return args[n - 1] === undefined ? def : checkInteger(args, n);
}

/** luaL_checkint: {@link checkInteger} cut to a 32-bit int. */
export function checkInt(args: readonly LuaValue[], n: number): number {
  return toInt32(checkInteger(args, n));
}

/** luaL_optint: `def` for nil or no value, else {@link checkInt}. */
export function optInt(args: readonly LuaValue[], n: number, def: number): number {
  return args[n - 1] === undefined ? def : checkInt(args, n);
}

/** luaL_checklstring: a string, or a number written with `%.14g` (no `__tostring`). */
export function checkString(args: readonly LuaValue[], n: number): string {
  const s = coerceToString(args[n - 1]);
  if (s === undefined) throw typeError(args, n, 'string');
  return s;
}

/** `luaL_optlstring`: `def` for nil or no value, else {@link checkString}. */
export function optString(args: readonly LuaValue[], n: number, def: string): string {
  return args[n - 1] === undefined ? def : checkString(args, n);
}

/** luaL_checktype for a function argument. */
export function checkFunctionArg(args: readonly LuaValue[], n: number): void {
  if (luaType(args[n - 1]) !== 'function' || n > args.length) throw typeError(args, n, 'function');
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
