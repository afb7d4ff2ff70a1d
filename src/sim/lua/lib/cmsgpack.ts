/** Stand-in for the `lua-tables` branch's cmsgpack library (replaced whole at merge). */
import type { LuaHost, LuaTable } from '../values.ts';
import { pendingLib } from './pending.ts';

/** The cmsgpack library table. */
export function createCmsgpackLib(host: LuaHost): LuaTable {
  void host;
  return pendingLib('cmsgpack', {});
}
