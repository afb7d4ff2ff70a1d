/**
 * HINCRBYFLOAT, HRANDFIELD and HSTRLEN, as t_hash.c of Redis 7.0.15 has them (the other hash
 * commands are in hashes.ts).
 */
import { NOT_FLOAT, err } from '../errors.ts';
import { utf8Length } from '../byte-order.ts';
import { chargeStringBytes } from '../command-work.ts';
import { addLongDouble, formatLongDoubleHuman, parseLongDouble } from '../long-double.ts';
import { isFields, readHash } from './hashes.ts';
import { drawWithCount, readDrawCount } from './random-draws.ts';
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
    if (v === undefined) return 0;
    // a real server keeps the length; the simulator reads the value's every char for it
    chargeStringBytes(v.length);
    return utf8Length(v);
  },
};

/**
 * HRANDFIELD key [count [WITHVALUES]]: one field (nil for no key); with a count, what
 * random-draws.ts draws of the fields, each paired with its value under WITHVALUES.
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
    const asked = readDrawCount(args, 'withvalues');
    if ('error' in asked) return asked;
    const h = readHash(ks, arg(args, 1));
    if (!h) return [];
    if (!isFields(h)) return h;
    const drawn = drawWithCount(ks, [...h.keys()], asked.count, 'hrandfield');
    if (!asked.paired || !Array.isArray(drawn)) return drawn;
    return drawn.flatMap((f) => [f, h.get(f) ?? '']);
  },
};

/** HINCRBYFLOAT, HRANDFIELD and HSTRLEN, for the default command set (commands/defaults.ts). */
export const hashExtraCommands: CommandSpec[] = [hincrbyfloat, hrandfield, hstrlen];
