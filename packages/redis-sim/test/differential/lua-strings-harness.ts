/**
 * Runs one library call both on a real redis-server (inside EVAL, through
 * pcall) and on the simulator's library function directly, and encodes both
 * outcomes the same way so they compare exactly: every result value tagged
 * with its type (numbers as %.17g, NaN sign included), or the error text as
 * Lua shows it without its `user_script:N: ` position.
 *
 * The interpreter is not part of this comparison: the real server's script
 * names the function at the call site (`string.format(...)`), and the
 * simulator's side words a LuaArgError the way Lua 5.1 does for that name.
 */
import { Redis } from 'ioredis';
import { formatCFloat } from '../../src/lua/lib/c-printf.ts';
import { formatLuaNumber } from '../../src/lua/number-text.ts';
import {
  LuaArgError,
  LuaError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  type LuaHost,
  type LuaValue,
} from '../../src/lua/values.ts';

/**
 * One argument: a number read from text by `tonumber` on both sides, a
 * string, nil, a boolean, or one of two fixed values (a table `T`, a
 * replacement function `R` counting and showing its captures).
 */
export type Arg =
  | { t: 'n'; text: string }
  | { t: 's'; text: string }
  | { t: 'N' }
  | { t: 'true' }
  | { t: 'false' }
  | { t: 'T' }
  | { t: 'R' };

export const num = (text: string | number): Arg => ({ t: 'n', text: String(text) });
export const str = (text: string): Arg => ({ t: 's', text });
export const NIL: Arg = { t: 'N' };
export const TRUE: Arg = { t: 'true' };
export const FALSE: Arg = { t: 'false' };
export const TABLE: Arg = { t: 'T' };
export const REPLACER: Arg = { t: 'R' };

/** A call of a library function by its global name (`string.format`, `tonumber`…). */
export interface LibCall {
  fn: string;
  args: Arg[];
  /** gmatch: call the iterator until it stops and list every round's values */
  iterate?: boolean;
  /**
   * Significant digits numbers are compared with: 17 (every bit, the
   * default) or 14 (what tostring shows, for libm results that may differ
   * in the last bit between glibc and the JS engine).
   */
  digits?: 14 | 17;
}

const SPEC_CHAR: Record<Arg['t'], string> = {
  n: 'n',
  s: 's',
  N: 'N',
  true: 't',
  false: 'f',
  T: 'T',
  R: 'R',
};

const ENCODER = `
local function enc(v)
  local t = type(v)
  if t == 'number' then return 'n:' .. string.format(NUMFMT, v) end
  if t == 'string' then return 's:' .. v end
  if t == 'boolean' then return 'b:' .. tostring(v) end
  if t == 'nil' then return 'nil' end
  return t
end
local function encall(...)
  local out = {}
  for i = 1, select('#', ...) do out[#out + 1] = enc((select(i, ...))) end
  return out
end
local spec = ARGV[1]
local n = #spec
local args = {}
for i = 1, n do
  local c = string.sub(spec, i, i)
  local a = ARGV[i + 1]
  if c == 'n' then args[i] = tonumber(a)
  elseif c == 's' then args[i] = a
  elseif c == 't' then args[i] = true
  elseif c == 'f' then args[i] = false
  elseif c == 'T' then args[i] = {a = 'A', b = true, c = false, d = {}, e = 2.5, ['1'] = 'one'}
  elseif c == 'R' then
    args[i] = function(...) local t = {...} return select('#', ...) .. ':' .. tostring(t[1]) .. ':' .. tostring(t[2]) end
  end
end
`;

/** The EVAL script that makes the call named at its call site, under pcall. */
export function serverScript(call: LibCall): string {
  const body = call.iterate
    ? `local it = ${call.fn}(unpack(args, 1, n))
  local out = {'ok'}
  for round = 1, 200 do
    local r = encall(it())
    if #r == 0 then break end
    for _, v in ipairs(r) do out[#out + 1] = v end
    out[#out + 1] = '/'
  end
  return out`
    : `local r = encall(${call.fn}(unpack(args, 1, n)))
  table.insert(r, 1, 'ok')
  return r`;
  return `${ENCODER.replace('NUMFMT', `'%.${call.digits ?? 17}g'`)}
local ok, res = pcall(function()
  ${body}
end)
if ok then return res end
return {'err', type(res) == 'string' and res or enc(res)}
`;
}

/** ARGV for the call: the type spec, then each argument's text. */
export function serverArgs(call: LibCall): string[] {
  const spec = call.args.map((a) => SPEC_CHAR[a.t]).join('');
  return [spec, ...call.args.map((a) => ('text' in a ? a.text : ''))];
}

/** Strips the position Lua puts in front of a runtime error raised at a call site. */
export function stripPosition(message: string): string {
  return message.replace(/^user_script:\d+: /, '');
}

/** A connection speaking bytes (latin1 both ways), so no reply is decoded as UTF-8. */
export async function connectBytes(port: number): Promise<Redis> {
  const redis = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  await redis.connect();
  return redis;
}

function bytes(s: string): Buffer {
  return Buffer.from(s, 'latin1');
}

/** Runs every call on the real server in one pipeline; each answer is its encoded outcome. */
export async function runOnServer(redis: Redis, calls: LibCall[]): Promise<string[][]> {
  const p = redis.pipeline();
  for (const call of calls) {
    p.callBuffer('EVAL', bytes(serverScript(call)), '0', ...serverArgs(call).map(bytes));
  }
  const results = (await p.exec()) ?? [];
  return results.map(([err, value]) => {
    if (err) return ['server error', err.message];
    const list = value as Buffer[];
    const out = list.map((b) => b.toString('latin1'));
    if (out[0] === 'err' && out[1] !== undefined) out[1] = stripPosition(out[1]);
    return out;
  });
}

function encode(v: LuaValue, digits = 17): string {
  if (typeof v === 'number')
    return 'n:' + formatCFloat({ flags: '', width: 0, precision: digits }, 'g', v);
  if (typeof v === 'string') return 's:' + v;
  if (typeof v === 'boolean') return `b:${v}`;
  if (v === undefined) return 'nil';
  return v instanceof LuaTable ? 'table' : 'function';
}

function luaToString(v: LuaValue): string {
  if (v === undefined) return 'nil';
  if (typeof v === 'number') return formatLuaNumber(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  return v instanceof LuaTable ? 'table: 0x0' : 'function: 0x0';
}

/** A stand-in for the interpreter, enough for the libraries' callbacks. */
export const standInHost: LuaHost = {
  lessThan: (a, b) => (a as number) < (b as number),
  equals: (a, b) => a === b,
  tostring: luaToString,
  call(f, args) {
    if (!(f instanceof LuaFunction)) throw new LuaRuntimeError('attempt to call a non-function');
    return f.call(args);
  },
  index: (t, k) => (t instanceof LuaTable ? t.get(k) : undefined),
  setIndex: (t, k, v) => (t as LuaTable).set(k, v),
};

function tableArg(): LuaTable {
  const t = new LuaTable();
  t.set('a', 'A');
  t.set('b', true);
  t.set('c', false);
  t.set('d', new LuaTable());
  t.set('e', 2.5);
  t.set('1', 'one');
  return t;
}

const replacer = new LuaFunction('?', (args) => [
  `${formatLuaNumber(args.length)}:${luaToString(args[0])}:${luaToString(args[1])}`,
]);

/** The simulator's value for an argument (numbers read with the engine's own tonumber). */
export function simArg(a: Arg, tonumber: (s: string) => LuaValue): LuaValue {
  switch (a.t) {
    case 'n':
      return tonumber(a.text);
    case 's':
      return a.text;
    case 'N':
      return undefined;
    case 'true':
      return true;
    case 'false':
      return false;
    case 'T':
      return tableArg();
    case 'R':
      return replacer;
  }
}

/** Lua's text for an error a library function raised when called as `name`. */
export function errorText(err: unknown, name: string): string {
  if (err instanceof LuaArgError) return `bad argument #${err.arg} to '${name}' (${err.detail})`;
  if (err instanceof LuaRuntimeError) return err.message;
  if (err instanceof LuaError) return typeof err.value === 'string' ? err.value : encode(err.value);
  throw err;
}

/** Runs the call on the simulator's function `f`, encoded as {@link runOnServer} encodes. */
export function runOnSim(
  call: LibCall,
  f: LuaFunction,
  tonumber: (s: string) => LuaValue,
): string[] {
  const name = call.fn.split('.').at(-1) ?? '?';
  try {
    const args = call.args.map((a) => simArg(a, tonumber));
    const results = f.call(args);
    const enc = (v: LuaValue) => encode(v, call.digits);
    if (!call.iterate) return ['ok', ...results.map(enc)];
    const it = results[0];
    if (!(it instanceof LuaFunction)) return ['ok'];
    const out = ['ok'];
    for (let round = 0; round < 200; round++) {
      const r = it.call([]);
      if (r.length === 0) break;
      out.push(...r.map(enc), '/');
    }
    return out;
  } catch (err) {
    return ['err', errorText(err, name)];
  }
}

/** Shows a byte string readably in a failure message. */
export function show(value: unknown): string {
  return JSON.stringify(value);
}
