import {
  LuaArgError,
  LuaError,
  LuaFunction,
  LuaRuntimeError,
  type LuaValue,
} from '../../src/sim/lua/values.ts';
import { show } from './lua-tables-arbitraries.ts';

/**
 * A library call's outcome as the server's `packed(pcall(f, ...))` words it:
 * "true|<results>" or "false|s:<message>". Called through pcall, a builtin
 * has no name and no position, so an argument error reads "bad argument #n
 * to '?' (...)".
 */
export function pcallText(f: LuaValue, args: LuaValue[]): string {
  if (!(f instanceof LuaFunction)) throw new Error('not a function');
  try {
    return ['true', ...f.call(args).map(show)].join('|');
  } catch (err) {
    if (err instanceof LuaArgError)
      return `false|s:bad argument #${err.arg} to '?' (${err.detail})`;
    if (err instanceof LuaRuntimeError) return `false|s:${err.message}`;
    if (err instanceof LuaError) return `false|${show(err.value)}`;
    throw err;
  }
}
