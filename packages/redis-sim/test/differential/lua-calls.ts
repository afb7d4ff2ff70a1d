import { formatDouble } from '../../src/format-double.ts';
import type { LuaTable, LuaValue } from '../../src/lua/values.ts';
import { LUA_SHOW, type LuaEval } from './lua-eval.ts';
import { pcallText } from './lua-lib-call.ts';

/** A scalar argument both sides can build: nil, a boolean, a number or a byte string. */
export type Scalar = undefined | boolean | number | string;

/** One call of a library function: its name and its arguments (trailing nils count). */
export interface Call {
  fn: string;
  args: Scalar[];
}

function encode(v: Scalar): string {
  if (v === undefined) return 'x';
  if (typeof v === 'boolean') return v ? 'b1' : 'b0';
  if (typeof v === 'number') return `n${formatDouble(v)}`;
  return `s${v}`;
}

/** The script that decodes the calls from ARGV and answers each `packed(pcall(lib[fn], ...))`. */
function callsScript(lib: string): string {
  return `${LUA_SHOW}
local function dec(a)
  local ty, v = a:sub(1, 1), a:sub(2)
  if ty == 'n' then return tonumber(v) elseif ty == 's' then return v
  elseif ty == 'b' then return v == '1' end
  return nil
end
local out = {}
local i = 1
while i <= #ARGV do
  local fn, n = ARGV[i], tonumber(ARGV[i + 1])
  local args = {}
  for j = 1, n do args[j] = dec(ARGV[i + 1 + j]) end
  out[#out + 1] = packed(pcall(${lib}[fn], unpack(args, 1, n)))
  i = i + 2 + n
end
return out
`;
}

/** The calls' outcomes on the real server, one string each. */
export async function realOutcomes(real: LuaEval, lib: string, calls: Call[]): Promise<unknown> {
  const argv = calls.flatMap((c) => [c.fn, String(c.args.length), ...c.args.map(encode)]);
  return real.eval(callsScript(lib), argv);
}

/** The same outcomes from the simulator's library table. */
export function simOutcomes(lib: LuaTable, calls: Call[]): string[] {
  return calls.map((c) => pcallText(lib.get(c.fn), c.args as LuaValue[]));
}

/**
 * A LuaValue number cannot carry the sign of a NaN (JS has one NaN to the
 * program), while glibc prints a negative NaN as "-nan". Where a library
 * hands back a NaN read from bytes, the comparison folds the sign away; this
 * is the one place the suites do so, and the engine's README says it.
 */
export function foldNanSign(outcomes: unknown): unknown {
  if (!Array.isArray(outcomes)) return outcomes;
  return outcomes.map((o) => (typeof o === 'string' ? o.replace(/\|n:-nan/g, '|n:nan') : o));
}
