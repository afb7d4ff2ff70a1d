import { NOT_FLOAT, SYNTAX, err, isError } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import { redisParseDouble } from '../numbers.ts';
import { utf8Length } from '../byte-order.ts';
import { arg, keyRange, optionalCount, type CommandSpec } from './types.ts';
import { popMembers } from './zset-pops.ts';
import { isZset, readZset } from './zset-read.ts';

/** ZADD key [NX|XX] [GT|LT] [CH] [INCR] score member [score member ...], checked in Redis 7.0's order. */
const zadd: CommandSpec = {
  name: 'zadd',
  arity: -4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'update']),
  run: ({ ks }, args) => {
    // the options as locals, not an object: a batch sends a ZADD per pair
    let nx = false;
    let xx = false;
    let gt = false;
    let lt = false;
    let ch = false;
    let incr = false;
    let idx = 2;
    // an option is one of the six names in any case (strcasecmp); anything else, a score
    // included, ends them. Only names of two to four letters are lowercased and looked at.
    for (; idx < args.length; idx++) {
      const a = arg(args, idx);
      const flag = a.length >= 2 && a.length <= 4 ? a.toLowerCase() : '';
      if (flag === 'nx') nx = true;
      else if (flag === 'xx') xx = true;
      else if (flag === 'gt') gt = true;
      else if (flag === 'lt') lt = true;
      else if (flag === 'ch') ch = true;
      else if (flag === 'incr') incr = true;
      else break;
    }
    const elements = args.length - idx;
    if (elements === 0 || elements % 2 !== 0) return err(SYNTAX);
    const pairs = elements / 2;
    if (nx && xx) return err('ERR XX and NX options at the same time are not compatible');
    if ((gt && nx) || (lt && nx) || (gt && lt)) {
      return err('ERR GT, LT, and/or NX options at the same time are not compatible');
    }
    if (incr && pairs > 1) return err('ERR INCR option supports a single increment-element pair');

    // every score is parsed before anything is written
    const scores = new Array<number>(pairs);
    let longest = 0;
    for (let j = 0; j < pairs; j++) {
      const s = redisParseDouble(arg(args, idx + j * 2));
      if (s === null) return err(NOT_FLOAT);
      scores[j] = s;
      longest = Math.max(longest, utf8Length(arg(args, idx + j * 2 + 1)));
    }
    const key = arg(args, 1);
    const z = readZset(ks, key);
    if (z && !isZset(z)) return z;
    if (!z && xx) return incr ? null : 0;

    let added = 0;
    let updated = 0;
    let incrResult: number | null = null;
    // the set the writes go to: the one read above, or the one the first write creates
    let set = z;
    for (let j = 0; j < pairs; j++) {
      const member = arg(args, idx + j * 2 + 1);
      if (set === undefined) {
        const created = ks.get(key);
        if (created?.type === 'zset') set = created.zset;
      }
      const cur = set?.score(member);
      let score = scores[j] ?? 0;
      if (cur !== undefined) {
        if (nx) continue;
        if (incr) {
          score = cur + score;
          if (Number.isNaN(score)) return err('ERR resulting score is not a number (NaN)');
        }
        if ((lt && score >= cur) || (gt && score <= cur)) continue;
        incrResult = score;
        if (score !== cur) {
          ks.zsetOn(set!, key, member, score, cur);
          updated++;
        }
      } else {
        if (xx) continue;
        if (set) ks.zsetOn(set, key, member, score, undefined);
        else ks.zset(key, member, score, pairs, longest);
        incrResult = score;
        added++;
      }
    }
    if (incr) return incrResult === null ? null : formatDouble(incrResult);
    return ch ? added + updated : added;
  },
};

const zscore: CommandSpec = {
  name: 'zscore',
  arity: 3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const z = readZset(ks, arg(args, 1));
    if (!z) return null;
    if (!isZset(z)) return z;
    const s = z.score(arg(args, 2));
    return s === undefined ? null : formatDouble(s);
  },
};

const zrem: CommandSpec = {
  name: 'zrem',
  arity: -3,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'delete']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    const z = readZset(ks, key);
    if (!z) return 0;
    if (!isZset(z)) return z;
    let n = 0;
    for (const m of args.slice(2)) if (ks.zrem(key, m)) n++;
    return n;
  },
};

const zcard: CommandSpec = {
  name: 'zcard',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  run: ({ ks }, args) => {
    const z = readZset(ks, arg(args, 1));
    if (!z) return 0;
    if (!isZset(z)) return z;
    return z.size;
  },
};

/** ZRANK and ZREVRANK key member: the member's rank from the low (or high) end, or nil. */
function zrank(name: 'zrank' | 'zrevrank'): CommandSpec {
  return {
    name,
    arity: 3,
    flags: ['readonly', 'fast'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: ({ ks }, args) => {
      const z = readZset(ks, arg(args, 1));
      if (!z) return null;
      if (!isZset(z)) return z;
      const r = z.rank(arg(args, 2));
      if (r < 0) return null;
      return name === 'zrank' ? r : z.size - 1 - r;
    },
  };
}

/** ZINCRBY key increment member: ZADD INCR's path, answering the new score. */
const zincrby: CommandSpec = {
  name: 'zincrby',
  arity: 4,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
  run: (ctx, args) =>
    zadd.run(ctx, [arg(args, 0), arg(args, 1), 'incr', arg(args, 2), arg(args, 3)]),
};

const zmscore: CommandSpec = {
  name: 'zmscore',
  arity: -3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const z = readZset(ks, arg(args, 1));
    if (z && !isZset(z)) return z;
    return args.slice(2).map((m) => {
      const s = z?.score(m);
      return s === undefined ? null : formatDouble(s);
    });
  },
};

/** ZPOPMIN / ZPOPMAX key [count]: a flat member, score list; an absent key gives an empty one. */
function zpop(name: 'zpopmin' | 'zpopmax'): CommandSpec {
  return {
    name,
    arity: -2,
    flags: ['write', 'fast'],
    keys: keyRange(1, 1, 1, ['RW', 'access', 'delete']),
    run: ({ ks }, args) => {
      if (args.length > 3) return err(SYNTAX);
      const given = optionalCount(args, 2);
      if (isError(given)) return given;
      const count = given ?? 1;
      const key = arg(args, 1);
      const z = readZset(ks, key);
      if (!z) return [];
      if (!isZset(z)) return z;
      return popMembers(ks, key, z, name === 'zpopmin' ? 'min' : 'max', count).flat();
    },
  };
}

/** The zsets commands, for the default command set (commands/defaults.ts). */
export const zsetCommands: CommandSpec[] = [
  zadd,
  zscore,
  zrem,
  zcard,
  zrank('zrank'),
  zrank('zrevrank'),
  zincrby,
  zmscore,
  zpop('zpopmin'),
  zpop('zpopmax'),
];
