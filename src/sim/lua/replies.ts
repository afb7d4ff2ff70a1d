/**
 * Redis 7.0's conversions between replies and Lua values (RESP2), both ways:
 * a command's reply as redis.call hands it to the script, and the script's
 * return value as the reply EVAL sends.
 */
import { isError, isStatus } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import { LuaTable, fromLuaString, toLuaString, type LuaValue } from './values.ts';

/** redisProtocolToLuaType: integer → number, bulk → string, nil → false, status → {ok}, error → {err}. */
export function replyToLua(r: Reply): LuaValue {
  if (r === null) return false;
  if (typeof r === 'number') return r;
  if (typeof r === 'string') return toLuaString(r);
  if (Array.isArray(r)) {
    const t = new LuaTable();
    for (let i = 0; i < r.length; i++) t.set(i + 1, replyToLua(r[i]!));
    return t;
  }
  const t = new LuaTable();
  if (isStatus(r)) t.set('ok', toLuaString(r.status));
  else t.set('err', toLuaString(r.error));
  return t;
}

/** Redis replaces CR and LF with spaces in status and error lines. */
const oneLine = (s: string) => fromLuaString(s).replace(/[\r\n]/g, ' ');

/**
 * luaReplyToRedisReply: a string is a bulk, a number an integer (truncated),
 * true 1, false and nil a nil; a table with a string `err` an error, with a
 * string `ok` a status, otherwise an array of its 1..n values up to the first nil.
 */
export function luaToReply(v: LuaValue): Reply {
  if (typeof v === 'string') return fromLuaString(v);
  if (typeof v === 'number') return truncate(v);
  if (v === true) return 1;
  if (!(v instanceof LuaTable)) return null;
  const err = v.get('err');
  if (typeof err === 'string') return { error: oneLine(err) };
  const ok = v.get('ok');
  if (typeof ok === 'string') return { status: oneLine(ok) };
  const out: Reply[] = [];
  for (let i = 1; ; i++) {
    const x = v.get(i);
    if (x === undefined) break;
    out.push(luaToReply(x));
  }
  return out;
}

/** A double cast to long long as x86 does it (NaN and out-of-range give INT64_MIN). */
function truncate(n: number): number {
  if (!Number.isFinite(n) || Math.abs(n) >= 2 ** 63) return -(2 ** 63);
  return Math.trunc(n) + 0;
}

export { isError };
