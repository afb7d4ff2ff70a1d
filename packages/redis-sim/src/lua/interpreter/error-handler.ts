/**
 * The error functions an error is handed to where it is raised (Lua 5.1's luaG_errormsg):
 * Redis 7.0's own `__redis__err__handler`, which every script runs under (here), and an
 * xpcall's handler (host.ts), which Lua calls again for an error it raises itself until the
 * C stack gives out (c-calls.ts).
 */
import { luaToString } from '../lib/base.ts';
import { LuaTable, type LuaHost, type LuaValue } from '../values.ts';
import { sourceAndLine } from './chunk-names.ts';
import { S } from './runtime.ts';

/** LUA_ERRERR's message: the error function was no function, or kept failing. */
export const ERROR_IN_ERROR_HANDLING = 'error in error handling';

/**
 * `__redis__err__handler(err)`: a table keeps its own fields, anything else becomes
 * `{err = 'ERR ' .. tostring(err)}`; then `source` and `line` are set to where the error was
 * raised (`at`: the raising Lua function's line, or its caller's when a C function raised it).
 */
export function redisHandled(host: LuaHost, value: LuaValue, at: number): LuaTable {
  let t: LuaTable;
  if (value instanceof LuaTable) t = value;
  else {
    t = new LuaTable();
    t.set('err', `ERR ${luaToString(host, value)}`);
  }
  const [source, line] = sourceAndLine(at, S.rt.chunks);
  t.set('source', source);
  t.set('line', line);
  return t;
}
