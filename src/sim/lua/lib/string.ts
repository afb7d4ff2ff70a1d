/** Stand-in for the `lua-strings` branch's string library (replaced whole at merge). */
import type { LuaHost, LuaTable } from '../values.ts';
import { pendingLib } from './pending.ts';

/** The string library table. */
export function createStringLib(host: LuaHost): LuaTable {
  return pendingLib('string', {
    len: (args) => [host.tostring(args[0]).length],
  });
}
