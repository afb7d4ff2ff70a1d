/**
 * HINCRBYFLOAT, HRANDFIELD and HSTRLEN, as t_hash.c of Redis 7.0.15 has them (the other hash
 * commands are in hashes.ts).
 */
import { NOT_FLOAT, NOT_INTEGER, SYNTAX, err } from '../errors.ts';
import { utf8Length } from '../byte-order.ts';
import { addLongDouble, formatLongDoubleHuman, parseLongDouble } from '../long-double.ts';
import { INT64, redisParseInt64 } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import { isFields, readHash } from './hashes.ts';
import { drawDistinct } from './sets.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

/**
 * HINCRBYFLOAT key field increment: in x87 long double as INCRBYFLOAT, the increment read
 * first (an infinity refused on its own), then the field (an integer or a long double), the
 * sum printed as `%.17Lf` with its trailing zeros dropped.
 */
const hincrbyfloat: CommandSpec = {
  name: 'hincrbyfloat',
  arity: 4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
  run: ({ ks }, args) => {
    const by = parseLongDouble(arg(args, 3));
    if (by === null) return err(NOT_FLOAT);
    if (by.kind === 'inf') return err('ERR value is NaN or Infinity');
    const key = arg(args, 1);
    const h = readHash(ks, key);
    if (h && !isFields(h)) return h;
    const current = h?.get(arg(args, 2));
    const value = parseLongDouble(current ?? '0');
    if (value === null) return err('ERR hash value is not a float');
    const sum = addLongDouble(value, by);
    if (sum === null || sum.kind === 'inf') {
      return err('ERR increment would produce NaN or Infinity');
    }
    const text = formatLongDoubleHuman(sum);
    ks.hset(key, arg(args, 2), text);
    return text;
  },
};

/** HSTRLEN key field: the value's length in bytes, 0 for a field or key that is not there. */
const hstrlen: CommandSpec = {
  name: 'hstrlen',
  arity: 3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  run: ({ ks }, args) => {
    const h = readHash(ks, arg(args, 1));
    if (!h) return 0;
    if (!isFields(h)) return h;
    const v = h.get(arg(args, 2));
    return v === undefined ? 0 : utf8Length(v);
  },
};

/** LONG_MAX / 2: the largest count HRANDFIELD takes WITHVALUES (its reply is twice as long). */
const HALF_LONG_MAX = INT64.max / 2n;

/**
 * HRANDFIELD key [count [WITHVALUES]]: one field (nil for no key); with a count, that many
 * distinct fields (all of them when the count reaches the size), or with a negative count that
 * many drawn independently; WITHVALUES pairs each with its value. The count is read, then
 * WITHVALUES, then its range, all before the key. Draws come from the keyspace's generator.
 */
const hrandfield: CommandSpec = {
  name: 'hrandfield',
  arity: -2,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    if (args.length === 2) {
      const h = readHash(ks, arg(args, 1));
      if (!h) return null;
      if (!isFields(h)) return h;
      const fields = [...h.keys()];
      return fields[Math.floor(ks.random() * fields.length)] ?? null;
    }
    const n64 = redisParseInt64(arg(args, 2));
    if (n64 === null) return err(NOT_INTEGER);
    // -LONG_MAX is the least count: LONG_MIN has no positive twin
    if (n64 < -INT64.max) {
      return err(
        'ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807',
      );
    }
    if (args.length > 4 || (args.length === 4 && arg(args, 3).toLowerCase() !== 'withvalues')) {
      return err(SYNTAX);
    }
    const withValues = args.length === 4;
    if (withValues && (n64 < -HALF_LONG_MAX || n64 > HALF_LONG_MAX)) {
      return err('ERR value is out of range');
    }
    const h = readHash(ks, arg(args, 1));
    if (!h) return [];
    if (!isFields(h)) return h;
    const n = Number(n64);
    if (n === 0) return [];
    const fields = [...h.keys()];
    let drawn: string[];
    if (n < 0 || n === 1) {
      drawn = [];
      for (let i = 0; i < Math.abs(n); i++) {
        drawn.push(fields[Math.floor(ks.random() * fields.length)]!);
      }
    } else drawn = n >= fields.length ? fields : drawDistinct(ks, fields, n);
    if (!withValues) return drawn;
    const out: Reply[] = [];
    for (const f of drawn) out.push(f, h.get(f) ?? '');
    return out;
  },
};

/** HINCRBYFLOAT, HRANDFIELD and HSTRLEN, for the default command set (commands/defaults.ts). */
export const hashExtraCommands: CommandSpec[] = [hincrbyfloat, hrandfield, hstrlen];
