import { afterAll, beforeAll, inject } from 'vitest';
import { Redis } from 'ioredis';
import { suiteRedisOptions } from './real-server.ts';

/** A reply of the real server with every bulk string as a byte string (one char per byte). */
export type EvalReply = string | number | null | EvalReply[] | { error: string };

/** EVAL on the real server, its arguments and bulk replies as byte strings. */
export interface LuaEval {
  eval(script: string, args?: string[]): Promise<EvalReply>;
  quit(): Promise<void>;
}

function bytes(v: unknown): EvalReply {
  if (v === null || typeof v === 'number') return v;
  if (Buffer.isBuffer(v)) return v.toString('latin1');
  if (Array.isArray(v)) return v.map(bytes);
  throw new Error(`unexpected reply ${String(v)}`);
}

/**
 * A connection to the suite's redis-server for scripts that touch no keys (the
 * Lua library suites compare what a script computes, never the keyspace).
 */
export async function openLuaEval(port: number): Promise<LuaEval> {
  const redis = new Redis(suiteRedisOptions(port, 0));
  await redis.connect();
  return {
    async eval(script, args = []) {
      try {
        const reply: unknown = await redis.callBuffer(
          'EVAL',
          Buffer.from(script, 'latin1'),
          '0',
          ...args.map((a) => Buffer.from(a, 'latin1')),
        );
        return bytes(reply);
      } catch (err) {
        if ((err as Error).name !== 'ReplyError') throw err;
        return { error: (err as Error).message };
      }
    },
    async quit() {
      await redis.quit();
    },
  };
}

/**
 * Helpers the server scripts share: `show(v)`, a value as exact text,
 * `dump(v)`, a value with its tables walked in `pairs` order, `dumped(pcall(...))`, and
 * `packed(pcall(...))`, a call's outcome as one string (see lua-lib-call.ts
 * for the same on the simulator's side).
 */
export const LUA_SHOW = `
local function show(v)
  local ty = type(v)
  if v == nil then return 'nil' end
  if ty == 'number' then return 'n:' .. string.format('%.17g', v) end
  if ty == 'string' then return 's:' .. v end
  -- a table reached here is a key (dump walks values): its address differs run to run
  if ty == 'table' then return 't:table' end
  return ty:sub(1, 1) .. ':' .. tostring(v)
end
local function byteLess(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = a:byte(i), b:byte(i)
    if x ~= y then return x < y end
  end
  return #a < #b
end
local function dump(v)
  if type(v) ~= 'table' then return show(v) end
  local o = {}
  local tableKey = false
  for k, x in pairs(v) do
    o[#o + 1] = show(k) .. '=' .. dump(x)
    tableKey = tableKey or type(k) == 'table'
  end
  -- a table key's slot hangs on its address, so such a table's order is not Redis's to keep;
  -- sorted byte by byte (Lua's < on strings follows the server's locale)
  if tableKey then table.sort(o, byteLess) end
  return '{' .. table.concat(o, ',') .. '}'
end
local function dumped(ok, v)
  if not ok then return 'false|' .. show(v) end
  return 'true|' .. dump(v)
end
local function dumpedAll(ok, ...)
  if not ok then return 'false|' .. show((...)) end
  local o = { 'true' }
  for i = 1, select('#', ...) do o[#o + 1] = dump((select(i, ...))) end
  return table.concat(o, '|')
end
local function packed(ok, ...)
  local o = { tostring(ok) }
  for i = 1, select('#', ...) do o[#o + 1] = show((select(i, ...))) end
  return table.concat(o, '|')
end
`;

/**
 * Registers the connection for a test file (opened before its tests, closed
 * after) and answers a getter for it.
 */
export function useRealLua(): () => LuaEval {
  let real: LuaEval | undefined;
  beforeAll(async () => {
    real = await openLuaEval(inject('redisPort'));
  });
  afterAll(async () => {
    await real?.quit();
  });
  return () => {
    if (real === undefined) throw new Error('the real server connection is not open yet');
    return real;
  };
}
