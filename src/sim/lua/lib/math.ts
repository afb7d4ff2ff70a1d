/** Stand-in for the `lua-strings` branch's math library (replaced whole at merge). */
import type { LuaHost, LuaTable } from '../values.ts';
import { checkNumber } from './args.ts';
import { pendingLib } from './pending.ts';

/** The math library table. */
export function createMathLib(host: LuaHost): LuaTable {
  void host;
  return pendingLib('math', {
    floor: (args) => [Math.floor(checkNumber(args, 0))],
    ceil: (args) => [Math.ceil(checkNumber(args, 0))],
  });
}
