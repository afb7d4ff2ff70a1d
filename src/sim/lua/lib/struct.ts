/** Stand-in for the `lua-tables` branch's struct library (replaced whole at merge). */
import type { LuaHost, LuaTable } from '../values.ts';
import { pendingLib } from './pending.ts';

/** The struct library table. */
export function createStructLib(host: LuaHost): LuaTable {
  void host;
  return pendingLib('struct', {});
}
