/**
 * A stand-in {@link LuaHost} for the libraries' tests, until the interpreter
 * lands: Lua 5.1's comparison and calling rules for the cases the tests use
 * (numbers, byte strings, functions), with Lua's error words.
 */
import { formatG } from '../../format-double.ts';
import {
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  luaType,
  type LuaHost,
  type LuaValue,
} from '../values.ts';

/** A host for the libraries' unit tests: comparisons and calls without a running interpreter. */
export const testHost: LuaHost = {
  lessThan(a, b) {
    if (typeof a === 'number' && typeof b === 'number') return a < b;
    if (typeof a === 'string' && typeof b === 'string') return a < b;
    const ta = luaType(a);
    const tb = luaType(b);
    throw new LuaRuntimeError(
      ta === tb ? `attempt to compare two ${ta} values` : `attempt to compare ${ta} with ${tb}`,
    );
  },
  equals: (a, b) => a === b,
  tostring(v) {
    if (typeof v === 'number') return formatG(v, 14);
    if (typeof v === 'string') return v;
    if (v === undefined) return 'nil';
    if (typeof v === 'boolean') return String(v);
    return `${luaType(v)}: 0x${(v instanceof LuaTable ? v.address : 0).toString(16)}`;
  },
  call(f, args) {
    if (f instanceof LuaFunction) return f.call(args);
    throw new LuaRuntimeError(`attempt to call a ${luaType(f)} value`);
  },
  index: (t, k) => (t instanceof LuaTable ? t.get(k) : undefined),
  setIndex(t, k, v) {
    if (t instanceof LuaTable) t.set(k, v);
  },
};

/** A Lua function from a JS one answering a single value. */
export function fn1(f: (...args: LuaValue[]) => LuaValue): LuaFunction {
  return new LuaFunction('?', (args) => [f(...args)]);
}
