/** Stand-in for the `lua-tables` branch's bit library (replaced whole at merge). */
import type { LuaHost, LuaTable } from '../values.ts';
import { pendingLib } from './pending.ts';

/** The bit library table. */
export function createBitLib(host: LuaHost): LuaTable {
  void host;
  return pendingLib('bit', {});
}
