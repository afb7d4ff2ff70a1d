/** Argument checks with Lua 5.1's luaL_check* words, for the libraries the interpreter owns. */
import { parseLuaNumber } from '../number-text.ts';
import { LuaArgError, LuaTable, luaType, type LuaValue } from '../values.ts';

/** luaL_typename: "no value" past the last argument. */
export function typeName(args: LuaValue[], i: number): string {
  return i >= args.length ? 'no value' : luaType(args[i]);
}

/** luaL_typerror: "<what> expected, got <type>". */
export function typeErr(args: LuaValue[], i: number, what: string): LuaArgError {
  return new LuaArgError(i + 1, `${what} expected, got ${typeName(args, i)}`);
}

/** luaL_checkany */
export function checkAny(args: LuaValue[], i: number): void {
  if (i >= args.length) throw new LuaArgError(i + 1, 'value expected');
}

/** luaL_checktype(LUA_TTABLE) */
export function checkTable(args: LuaValue[], i: number): LuaTable {
  const v = args[i];
  if (!(v instanceof LuaTable)) throw typeErr(args, i, 'table');
  return v;
}

/** luaL_checknumber (strings that read as numbers are accepted) */
export function checkNumber(args: LuaValue[], i: number): number {
  const v = args[i];
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const n = parseLuaNumber(v);
    if (n !== undefined) return n;
  }
  throw typeErr(args, i, 'number');
}

/** luaL_checkint: the number truncated toward zero, as the C cast does. */
export function checkInt(args: LuaValue[], i: number): number {
  return toInt(checkNumber(args, i));
}

/** luaL_optint */
export function optInt(args: LuaValue[], i: number, dflt: number): number {
  return args[i] === undefined ? dflt : checkInt(args, i);
}

/** A double as a C cast to an integer (NaN and out-of-range become the x86 indefinite integer). */
export function toInt(n: number): number {
  if (!Number.isFinite(n) || Math.abs(n) >= 2 ** 63) return -(2 ** 63);
  return Math.trunc(n);
}
