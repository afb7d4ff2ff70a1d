import {
  LuaArgError,
  LuaError,
  LuaFunction,
  LuaRuntimeError,
  type LuaValue,
} from '../../src/lua/values.ts';
import { dump, show } from './lua-tables-arbitraries.ts';

/**
 * A library call's outcome as the server's `packed(pcall(f, ...))` words it:
 * "true|<results>" or "false|s:<message>". Called through pcall, a builtin
 * has no name and no position, so an argument error reads "bad argument #n
 * to '?' (...)".
 */
export function pcallText(f: LuaValue, args: LuaValue[], thrown?: unknown): string {
  if (!(f instanceof LuaFunction)) throw new Error('not a function');
  try {
    if (thrown !== undefined) throw thrown;
    return ['true', ...f.call(args).map(show)].join('|');
  } catch (err) {
    if (err instanceof LuaArgError)
      return `false|s:bad argument #${err.arg} to '?' (${err.detail})`;
    if (err instanceof LuaRuntimeError) return `false|s:${err.message}`;
    if (err instanceof LuaError) return `false|${show(err.value)}`;
    throw err;
  }
}

/** The server's `dumped(pcall(f, ...))`: "true|<first result dumped>" or "false|s:<message>". */
export function pcallDump(f: LuaValue, args: LuaValue[]): string {
  if (!(f instanceof LuaFunction)) throw new Error('not a function');
  let v: LuaValue;
  try {
    v = f.call(args)[0];
  } catch (err) {
    return pcallText(f, args, err);
  }
  return `true|${dump(v)}`;
}

/** The server's `dumpedAll(pcall(f, ...))`: every result dumped. */
export function pcallDumpAll(f: LuaValue, args: LuaValue[]): string {
  if (!(f instanceof LuaFunction)) throw new Error('not a function');
  let vs: LuaValue[];
  try {
    vs = f.call(args);
  } catch (err) {
    return pcallText(f, args, err);
  }
  return ['true', ...vs.map(dump)].join('|');
}
