/** Stand-in for the `lua-tables` branch's table library (replaced whole at merge). */
import { LuaRuntimeError, type LuaHost, type LuaTable } from '../values.ts';
import { checkInt, checkTable } from './args.ts';
import { pendingLib } from './pending.ts';

/** The table library table. */
export function createTableLib(host: LuaHost): LuaTable {
  void host;
  return pendingLib('table', {
    insert: (args) => {
      const t = checkTable(args, 0);
      const n = t.length();
      if (args.length === 2) t.set(n + 1, args[1]);
      else if (args.length === 3) {
        const pos = checkInt(args, 1);
        for (let i = n; i >= pos; i--) t.set(i + 1, t.get(i));
        t.set(pos, args[2]);
      } else throw new LuaRuntimeError("wrong number of arguments to 'insert'");
      return [];
    },
  });
}
