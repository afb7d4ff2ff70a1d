/**
 * Stand-ins for the libraries other branches deliver (string, math, table,
 * cjson, cmsgpack, bit, struct): what the lesson's scripts need, and for any
 * other name a clear error instead of "attempt to call a nil value". Each
 * stand-in file is replaced whole by its branch's file at merge time.
 */
import { LuaFunction, LuaRuntimeError, LuaTable, type LuaValue } from '../values.ts';

/** A library table whose missing names raise "not in the simulator yet". */
export function pendingLib(
  name: string,
  fns: Record<string, (args: LuaValue[]) => LuaValue[]>,
): LuaTable {
  const t = new LuaTable();
  for (const [k, call] of Object.entries(fns)) t.set(k, new LuaFunction(k, call));
  const mt = new LuaTable();
  mt.set(
    '__index',
    new LuaFunction('?', (args) => {
      throw new LuaRuntimeError(
        `${name}.${String(args[1])} is not in the simulator yet (the ${name} library is still being built)`,
      );
    }),
  );
  t.metatable = mt;
  return t;
}
