/**
 * The simulator's side of the lua-strings differential suite: the library
 * functions by the global name a script calls them with.
 */
import { createMathLib } from '../../src/lua/lib/math.ts';
import { createStringLib } from '../../src/lua/lib/string.ts';
import { luaToNumberWithBase } from '../../src/lua/lib/tonumber.ts';
import { formatLuaNumber, parseLuaNumber } from '../../src/lua/number-text.ts';
import { LuaFunction, LuaTable, type LuaValue } from '../../src/lua/values.ts';
import { runOnSim, standInHost, type LibCall } from './lua-strings-harness.ts';

const stringLib = createStringLib(standInHost);
const mathLib = createMathLib(standInHost);

const globals = new Map<string, LuaFunction>([
  ['tonumber', new LuaFunction('tonumber', (args) => [luaToNumberWithBase(args)])],
  // only ever called with a number here: Lua's tostring of a number is lua_number2str
  ['tostring', new LuaFunction('tostring', (args) => [standInHost.tostring(args[0])])],
]);

function lookup(name: string): LuaFunction {
  const [lib, field] = name.split('.');
  const table = lib === 'string' ? stringLib : lib === 'math' ? mathLib : undefined;
  const f = table instanceof LuaTable && field !== undefined ? table.get(field) : globals.get(name);
  if (!(f instanceof LuaFunction)) throw new Error(`no simulated function ${name}`);
  return f;
}

const tonumber = (s: string): LuaValue => parseLuaNumber(s);

/** The simulator's encoded outcome of a call. */
export function simulate(call: LibCall): string[] {
  return runOnSim(call, lookup(call.fn), tonumber);
}

export { formatLuaNumber };
