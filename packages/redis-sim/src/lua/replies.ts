/**
 * Redis 7.0's conversions between replies and Lua values (RESP2), both ways:
 * a command's reply as redis.call hands it to the script, and the script's
 * return value as the reply EVAL sends.
 */
import { isError, isStatus } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import { formatDouble } from '../format-double.ts';
import { INT64, intReply } from '../numbers.ts';
import { signBit } from './lib/c-printf.ts';
import { cString } from './interpreter/chunk-names.ts';
import { LuaTable, fromLuaString, toLuaString, type LuaValue } from './values.ts';

/**
 * redisProtocolToLuaType: integer → number, bulk → string, nil → false (nil once the script
 * speaks RESP3, whose null it is), status → {ok}, error → {err}. The types only RESP3 has are
 * read from the command's reply in resp3.ts, on top of this.
 */
export function replyToLua(r: Reply, resp: 2 | 3 = 2): LuaValue {
  if (r === null) return resp === 3 ? undefined : false;
  if (typeof r === 'number') return r;
  // a long long becomes a lua_Number as C casts it: to the nearest double, as Number() does
  if (typeof r === 'bigint') return Number(r);
  if (typeof r === 'string') return toLuaString(r);
  if (Array.isArray(r)) {
    const t = new LuaTable();
    for (let i = 0; i < r.length; i++) t.set(i + 1, replyToLua(r[i]!, resp));
    return t;
  }
  // a null array is false, as a null bulk is (redisProtocolToLuaType_Aggregate)
  if ('nilArray' in r) return resp === 3 ? undefined : false;
  if (isStatus(r)) {
    const t = new LuaTable();
    t.set('ok', toLuaString(r.status));
    return t;
  }
  return commandErrorTable(r.error);
}

/** The error table Redis raises or returns ({err = 'CODE msg'}), as luaPushErrorBuff shapes it. */
export function errorTable(text: string): LuaTable {
  let code = 'ERR';
  let msg = text;
  if (text.startsWith('-')) {
    const sp = text.indexOf(' ');
    if (sp < 0) msg = text.slice(1);
    else {
      code = text.slice(1, sp);
      msg = text.slice(sp + 1);
    }
  }
  const t = new LuaTable();
  t.set('err', `${code} ${msg.replace(/^[\r\n]+|[\r\n]+$/g, '')}`);
  return t;
}

/**
 * An error a command answered, or a script's call was refused with, as the script meets it
 * (redisProtocolToLuaType_Error, and scriptCall's refusals): luaPushErrorBuff's table, then
 * `ignore_error_stats_update = true` (the error was counted once already), which
 * `redis.pcall`'s table and `pairs` show.
 */
export function commandErrorTable(error: string): LuaTable {
  const t = errorTable(`-${toLuaString(error)}`);
  t.set('ignore_error_stats_update', true);
  return t;
}

/**
 * A status or error line as Redis writes one: the text read as a C string (sdsnew of
 * lua_tostring, so it ends at its first NUL), CR and LF replaced with spaces.
 */
export const oneLine = (s: string) => fromLuaString(cString(s)).replace(/[\r\n]/g, ' ');

/**
 * luaReplyToRedisReply, for a RESP2 caller: a string is a bulk, a number an integer
 * (truncated); true is 1, and false a nil while the script speaks RESP2 (`resp`), 0 once it
 * speaks RESP3 (a boolean, which RESP2 sends as 0 or 1); nil a nil. A table is looked at in
 * Redis's order: a string `err` is an error, a string `ok` a status, a number `double` the
 * double's %.17g text, a string `big_number` that text, a `verbatim_string` table its
 * `string`, a `map` table its keys and values in `next` order, a `set` table its keys;
 * otherwise an array of its 1..n values up to the first nil.
 *
 * `charge` is told the size of each part before it is read (a string's bytes each time the
 * reply names it, as a real server copies it each time): a script's run charges its reply's
 * read-back to its budget, since a table naming one big string thousands of times is a tiny
 * run and a reply of terabytes.
 */
export function luaToReply(v: LuaValue, resp: 2 | 3 = 2, charge: ReplyCharge = free): Reply {
  if (typeof v === 'string') {
    charge(LEAF_BYTES + v.length);
    return fromLuaString(v);
  }
  charge(LEAF_BYTES);
  if (typeof v === 'number') return truncate(v);
  if (v === true) return 1;
  if (v === false && resp === 3) return 0;
  if (!(v instanceof LuaTable)) return null;
  const err = v.get('err');
  if (typeof err === 'string') {
    charge(err.length);
    return { error: oneLine(err) };
  }
  const ok = v.get('ok');
  if (typeof ok === 'string') {
    charge(ok.length);
    return { status: oneLine(ok) };
  }
  const double = v.get('double');
  if (typeof double === 'number') return doubleText(double);
  const big = v.get('big_number');
  if (typeof big === 'string') {
    charge(big.length);
    return fromLuaString(big).replace(/[\r\n]/g, ' ');
  }
  const verbatim = v.get('verbatim_string');
  if (verbatim instanceof LuaTable) {
    const format = verbatim.get('format');
    const text = verbatim.get('string');
    if (typeof format === 'string' && typeof text === 'string') {
      charge(text.length);
      return fromLuaString(text);
    }
  }
  const map = v.get('map');
  if (map instanceof LuaTable) {
    const out: Reply[] = [];
    for (let e = map.next(undefined); e; e = map.next(e[0]))
      out.push(luaToReply(e[0], resp, charge), luaToReply(e[1], resp, charge));
    return out;
  }
  const set = v.get('set');
  if (set instanceof LuaTable) {
    const out: Reply[] = [];
    for (let e = set.next(undefined); e; e = set.next(e[0]))
      out.push(luaToReply(e[0], resp, charge));
    return out;
  }
  const out: Reply[] = [];
  for (let i = 1; ; i++) {
    const x = v.get(i);
    if (x === undefined) break;
    out.push(luaToReply(x, resp, charge));
  }
  return out;
}

/** Told the size in bytes of each part of a reply {@link luaToReply} reads, before it reads it. */
export type ReplyCharge = (bytes: number) => void;

const free: ReplyCharge = () => {};

/**
 * What one part of a reply counts besides its string's bytes: a string's share of the size
 * redis.call's reply is charged by (redis-env.ts), so an array of a million numbers costs its
 * read-back as it would cost a script that was handed it.
 */
const LEAF_BYTES = 24;

/**
 * A double as Redis writes it as text: %.17g as glibc prints it, `inf`/`-inf`, and a NaN with
 * its sign (x86's 0/0 is -nan). Both a Lua number sent to a command (luaArgsToRedisArgv) and
 * addReplyDouble to a RESP2 client read this way.
 */
export function doubleText(d: number): string {
  if (Number.isNaN(d)) return signBit(d) ? '-nan' : 'nan';
  return formatDouble(d);
}

/**
 * A double cast to long long as x86 does it (NaN and out-of-range give INT64_MIN), as an integer
 * reply (intReply: a bigint past 2^53, so every digit redis-cli prints is kept).
 */
function truncate(n: number): number | bigint {
  if (!Number.isFinite(n) || Math.abs(n) >= 2 ** 63) return INT64.min;
  return intReply(Math.trunc(n) + 0);
}

export { isError };
