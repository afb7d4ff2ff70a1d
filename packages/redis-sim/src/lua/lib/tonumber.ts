/** Lua 5.1's `tonumber(e [, base])` (luaB_tonumber), over the number readers of number-text.ts. */
import { isCSpace } from '../../strtod.ts';
import { chargeScan } from '../interpreter/runtime.ts';
import { parseLuaNumber, strtoul } from '../number-text.ts';
import { LuaArgError, type LuaValue } from '../values.ts';
import { checkString, optInt } from './lua-args.ts';

/**
 * Lua 5.1's `tonumber(e [, base])` (luaB_tonumber), for the base library:
 * `args` is the call's exact argument list. Base 10 (the default) converts
 * numbers and numeric strings as {@link parseLuaNumber}; any other base reads
 * a string (or a number's text) with strtoul, after "base out of range" for
 * bases outside 2–36. Answers nil (undefined) where Lua does.
 */
export function luaToNumberWithBase(args: readonly LuaValue[]): LuaValue {
  const base = optInt(args, 2, 10);
  if (base === 10) {
    if (args.length === 0) throw new LuaArgError(1, 'value expected');
    const v = args[0];
    if (typeof v === 'number') return v;
    if (typeof v === 'string') return parseLuaNumber(v);
    return undefined;
  }
  const text = checkString(args, 1);
  if (base < 2 || base > 36) throw new LuaArgError(2, 'base out of range');
  chargeScan(text.length);
  const nul = text.indexOf('\0');
  const c = nul === -1 ? text : text.slice(0, nul);
  const r = strtoul(c, base);
  if (r.end === 0) return undefined;
  for (let i = r.end; i < c.length; i++) if (!isCSpace(c[i])) return undefined;
  return Number(r.value);
}
