/** Stand-in for the `lua-tables` branch's cjson library (replaced whole at merge). */
import type { LuaHost, LuaTable } from '../values.ts';
import { pendingLib } from './pending.ts';

/** The cjson library table. */
export function createCjsonLib(host: LuaHost): LuaTable {
  void host;
  return pendingLib('cjson', {});
}
