import { NOT_INTEGER, OK, arityError, err } from '../errors.ts';
import { intReply, redisParseInt64 } from '../numbers.ts';
import { addInt64, INCR_OVERFLOW } from './counters.ts';
import type { Keyspace } from '../keyspace.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, readTyped, type CommandSpec } from './types.ts';

type Fields = Map<string, string>;

/** The hash at key, undefined when absent, or the WRONGTYPE reply. */
export function readHash(ks: Keyspace, key: string): Fields | undefined | { error: string } {
  const v = readTyped(ks, key, 'hash');
  return v === undefined || 'error' in v ? v : v.fields;
}

/** True when {@link readHash} found a hash (not absent, not WRONGTYPE). */
export function isFields(x: Fields | undefined | { error: string }): x is Fields {
  return x instanceof Map;
}

const hset: CommandSpec = {
  name: 'hset',
  arity: -4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'update']),
  run: ({ ks }, args) => {
    if (args.length % 2 !== 0) return arityError('hset');
    const key = arg(args, 1);
    const h = readHash(ks, key);
    if (h && !isFields(h)) return h;
    let created = 0;
    for (let i = 2; i < args.length; i += 2)
      if (ks.hset(key, arg(args, i), arg(args, i + 1))) created++;
    return created;
  },
};

const hget: CommandSpec = {
  name: 'hget',
  arity: 3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const h = readHash(ks, arg(args, 1));
    if (!h) return null;
    if (!isFields(h)) return h;
    return h.get(arg(args, 2)) ?? null;
  },
};

const hmget: CommandSpec = {
  name: 'hmget',
  arity: -3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const h = readHash(ks, arg(args, 1));
    if (h && !isFields(h)) return h;
    return args.slice(2).map((f) => h?.get(f) ?? null);
  },
};

const hgetall: CommandSpec = {
  name: 'hgetall',
  arity: 2,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const h = readHash(ks, arg(args, 1));
    if (!h) return [];
    if (!isFields(h)) return h;
    const out: Reply[] = [];
    for (const [f, v] of h) out.push(f, v);
    return out;
  },
};

const hdel: CommandSpec = {
  name: 'hdel',
  arity: -3,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'delete']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    const h = readHash(ks, key);
    if (!h) return 0;
    if (!isFields(h)) return h;
    let n = 0;
    for (const f of args.slice(2)) if (ks.hdel(key, f)) n++;
    return n;
  },
};

const hlen: CommandSpec = {
  name: 'hlen',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  run: ({ ks }, args) => {
    const h = readHash(ks, arg(args, 1));
    if (!h) return 0;
    if (!isFields(h)) return h;
    return h.size;
  },
};

const hexists: CommandSpec = {
  name: 'hexists',
  arity: 3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  run: ({ ks }, args) => {
    const h = readHash(ks, arg(args, 1));
    if (!h) return 0;
    if (!isFields(h)) return h;
    return h.has(arg(args, 2)) ? 1 : 0;
  },
};

/** HMSET: HSET's writes, answering OK (the command Redis 4 deprecated but still serves). */
const hmset: CommandSpec = {
  name: 'hmset',
  arity: -4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'update']),
  run: (ctx, args) => {
    if (args.length % 2 !== 0) return arityError('hmset');
    const created = hset.run(ctx, args);
    return typeof created === 'number' ? OK : created;
  },
};

const hsetnx: CommandSpec = {
  name: 'hsetnx',
  arity: 4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'insert']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    const h = readHash(ks, key);
    if (h && !isFields(h)) return h;
    if (h?.has(arg(args, 2))) return 0;
    ks.hset(key, arg(args, 2), arg(args, 3));
    return 1;
  },
};

/** HINCRBY key field increment: the increment is read first, then the field as an int64. */
const hincrby: CommandSpec = {
  name: 'hincrby',
  arity: 4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
  run: ({ ks }, args) => {
    const by = redisParseInt64(arg(args, 3));
    if (by === null) return err(NOT_INTEGER);
    const key = arg(args, 1);
    const h = readHash(ks, key);
    if (h && !isFields(h)) return h;
    const current = h?.get(arg(args, 2));
    const old = current === undefined ? 0n : redisParseInt64(current);
    if (old === null) return err('ERR hash value is not an integer');
    const sum = addInt64(old, by);
    if (sum === null) return err(INCR_OVERFLOW);
    ks.hset(key, arg(args, 2), String(sum));
    return intReply(sum);
  },
};

/** HKEYS and HVALS, in HGETALL's order. */
function hashPart(name: 'hkeys' | 'hvals'): CommandSpec {
  return {
    name,
    arity: 2,
    flags: ['readonly'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: ({ ks }, args) => {
      const h = readHash(ks, arg(args, 1));
      if (!h) return [];
      if (!isFields(h)) return h;
      return name === 'hkeys' ? [...h.keys()] : [...h.values()];
    },
  };
}

/** The hashes commands, for the default command set (commands/defaults.ts). */
export const hashCommands: CommandSpec[] = [
  hset,
  hget,
  hmget,
  hgetall,
  hdel,
  hlen,
  hexists,
  hmset,
  hsetnx,
  hincrby,
  hashPart('hkeys'),
  hashPart('hvals'),
];
