/**
 * What `redis.call` hands a script after `redis.setresp(3)`. The script's client then speaks
 * RESP3, so a command answers with RESP3's own types, and Redis 7.0 turns them into Lua as
 * `redisProtocolToLuaType_*` does: a null is nil (not false), a map is `{map = {k = v}}`, a
 * double is `{double = n}`, a verbatim string is `{verbatim_string = {string = s, format = f}}`.
 *
 * The simulator's commands answer in RESP2 shapes; the commands whose RESP3 reply differs are
 * known by name, so their RESP2 reply is read into the RESP3 shape here. Every other reply
 * (integers, bulk strings, statuses, errors, plain arrays) reads as under RESP2.
 */
import { isError, isStatus } from '../errors.ts';
import { replyToLua } from './replies.ts';
import { strtod } from '../strtod.ts';
import type { Reply } from '../trace-types.ts';
import { LuaTable, toLuaString, type LuaValue } from './values.ts';

/** A reply whose RESP3 form differs from RESP2's only in its nulls. */
const plain = (r: Reply): LuaValue => replyToLua(r, 3);

// an array as redisProtocolToLuaType_Array builds it: t[j] = v for each j, nil ones included
function array(items: readonly LuaValue[]): LuaTable {
  const t = new LuaTable();
  for (let i = 0; i < items.length; i++) t.set(i + 1, items[i]);
  return t;
}

function tagged(field: string, value: LuaValue): LuaTable {
  const t = new LuaTable();
  t.set(field, value);
  return t;
}

/** A score's RESP2 text (%.17g, or inf) read back: the double RESP3 sends. */
function double(r: Reply): LuaValue {
  if (typeof r !== 'string') return plain(r);
  return tagged('double', strtod(r).value);
}

// a flat [k1, v1, k2, v2, …] read as the map RESP3 sends (keys and values in order)
function map(r: Reply): LuaValue {
  if (!Array.isArray(r)) return plain(r);
  const m = new LuaTable();
  for (let i = 0; i + 1 < r.length; i += 2) m.set(plain(r[i]!), plain(r[i + 1]!));
  return tagged('map', m);
}

// a flat [member, score, …] read as RESP3's pairs: {{member, {double = score}}, …}
function pairs(r: Reply): LuaValue {
  if (!Array.isArray(r)) return plain(r);
  const out: LuaValue[] = [];
  for (let i = 0; i + 1 < r.length; i += 2) out.push(array([plain(r[i]!), double(r[i + 1]!)]));
  return array(out);
}

const has = (args: readonly string[], from: number, word: string) =>
  args.slice(from).some((a) => a.toLowerCase() === word);

// ZADD's flags stand before its first score, as its parser reads them (a member may be "incr")
const ZADD_FLAGS = new Set(['nx', 'xx', 'gt', 'lt', 'ch', 'incr']);
function zaddIncr(args: readonly string[]): boolean {
  for (let i = 2; i < args.length; i++) {
    const flag = args[i]!.toLowerCase();
    if (!ZADD_FLAGS.has(flag)) return false;
    if (flag === 'incr') return true;
  }
  return false;
}

/** `reply` to the command `args` as the script sees it under RESP3. */
export function replyToLuaResp3(args: readonly string[], reply: Reply): LuaValue {
  if (reply === null || isError(reply) || isStatus(reply)) return plain(reply);
  switch ((args[0] ?? '').toLowerCase()) {
    case 'hgetall':
      return map(reply);
    case 'zscore':
    case 'zincrby':
      return double(reply);
    case 'zadd':
      return zaddIncr(args) ? double(reply) : plain(reply);
    case 'zmscore':
      return Array.isArray(reply) ? array(reply.map(double)) : plain(reply);
    case 'zrange':
      return has(args, 4, 'withscores') ? pairs(reply) : plain(reply);
    case 'zrangebyscore':
      return has(args, 4, 'withscores') ? pairs(reply) : plain(reply);
    case 'zpopmin':
      // with a count (even 1) the pops come as pairs; without one, as a flat member and score
      if (!Array.isArray(reply)) return plain(reply);
      if (args.length > 2) return pairs(reply);
      return array(reply.map((x, i) => (i % 2 === 1 ? double(x) : plain(x))));
    case 'info': {
      if (typeof reply !== 'string') return plain(reply);
      const v = new LuaTable();
      v.set('string', toLuaString(reply));
      v.set('format', 'txt');
      return tagged('verbatim_string', v);
    }
    default:
      return plain(reply);
  }
}
