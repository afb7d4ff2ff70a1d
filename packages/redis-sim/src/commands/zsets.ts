import { NOT_FLOAT, NOT_INTEGER, SYNTAX, err, isError } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import type { Keyspace } from '../keyspace.ts';
import { redisParseDouble, redisParseInt, redisParseScoreBound } from '../numbers.ts';
import type { SortedSet } from '../sorted-set.ts';
import { utf8Length } from '../byte-order.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, optionalCount, readTyped, type CommandSpec } from './types.ts';

/** The sorted set at key, undefined when absent, or the WRONGTYPE reply. */
function readZset(ks: Keyspace, key: string): SortedSet | undefined | { error: string } {
  const v = readTyped(ks, key, 'zset');
  return v === undefined || 'error' in v ? v : v.zset;
}

function isZset(x: SortedSet | undefined | { error: string }): x is SortedSet {
  return x !== undefined && !('error' in x);
}

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

const zrank: CommandSpec = {
  name: 'zrank',
  arity: 3,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const z = readZset(ks, arg(args, 1));
    if (!z) return null;
    if (!isZset(z)) return z;
    const r = z.rank(arg(args, 2));
    return r < 0 ? null : r;
  },
};

/**
 * ZRANGE key start stop [BYSCORE] [REV] [LIMIT offset count] [WITHSCORES]:
 * index and score ranges, parsed in Redis 7.0's order. BYLEX is refused clearly.
 */
const zrange: CommandSpec = {
  name: 'zrange',
  arity: -4,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    let withScores = false;
    let rev = false;
    let by: 'rank' | 'score' | 'lex' | null = null;
    let offset = 0;
    let limit = -1;
    for (let j = 4; j < args.length; j++) {
      const a = arg(args, j).toLowerCase();
      const left = args.length - j - 1;
      if (a === 'withscores') withScores = true;
      else if (a === 'limit' && left >= 2) {
        const off = redisParseInt(arg(args, j + 1));
        const lim = redisParseInt(arg(args, j + 2));
        if (off === null || lim === null) return err(NOT_INTEGER);
        offset = off;
        limit = lim;
        j += 2;
      } else if (!rev && a === 'rev') rev = true;
      else if (by === null && a === 'bylex') by = 'lex';
      else if (by === null && a === 'byscore') by = 'score';
      else return err(SYNTAX);
    }
    const mode = by ?? 'rank';
    if ((offset !== 0 || limit !== -1) && mode === 'rank') {
      return err(
        'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
      );
    }
    if (withScores && mode === 'lex') {
      return err('ERR syntax error, WITHSCORES not supported in combination with BYLEX');
    }
    if (mode === 'lex') return err('ERR the simulator does not model ZRANGE BYLEX');

    let members: string[];
    const key = arg(args, 1);
    if (mode === 'rank') {
      const start = redisParseInt(arg(args, 2));
      const stop = redisParseInt(arg(args, 3));
      if (start === null || stop === null) return err(NOT_INTEGER);
      const z = readZset(ks, key);
      if (!z) return [];
      if (!isZset(z)) return z;
      members = rankRange(z, start, stop, rev);
    } else {
      // REV takes the range as max, min
      const lo = redisParseScoreBound(arg(args, rev ? 3 : 2));
      const hi = redisParseScoreBound(arg(args, rev ? 2 : 3));
      if (lo === null || hi === null) return err(MIN_MAX_NOT_FLOAT);
      const z = readZset(ks, key);
      if (!z) return [];
      if (!isZset(z)) return z;
      const all = inScoreRange(z, lo, hi);
      if (rev) all.reverse();
      // a negative offset skips everything, a negative count takes the rest
      members = offset < 0 ? [] : all.slice(offset, limit < 0 ? undefined : offset + limit);
    }
    if (!withScores) return members;
    const z = readZset(ks, key) as SortedSet;
    const out: Reply[] = [];
    for (const m of members) out.push(m, formatDouble(z.score(m) ?? 0));
    return out;
  },
};

function rankRange(z: SortedSet, start: number, stop: number, rev: boolean): string[] {
  const len = z.size;
  let s = start < 0 ? len + start : start;
  let e = stop < 0 ? len + stop : stop;
  if (s < 0) s = 0;
  if (s > e || s >= len) return [];
  if (e >= len) e = len - 1;
  if (!rev) return z.slice(s, e);
  return z.slice(len - 1 - e, len - 1 - s).reverse();
}

const MIN_MAX_NOT_FLOAT = 'ERR min or max is not a float';

/** The members of `z` whose scores lie between two parsed bounds, in score order. */
function inScoreRange(
  z: SortedSet,
  lo: { value: number; exclusive: boolean },
  hi: { value: number; exclusive: boolean },
): string[] {
  return z.members().filter((m) => {
    const s = z.score(m) ?? 0;
    return (
      (lo.exclusive ? s > lo.value : s >= lo.value) && (hi.exclusive ? s < hi.value : s <= hi.value)
    );
  });
}

/**
 * ZRANGEBYSCORE key min max [WITHSCORES] [LIMIT offset count] and ZREVRANGEBYSCORE key max
 * min …: ZRANGE's BYSCORE path under the older names, which take only those two options
 * (checked in order, so a bad LIMIT number is found before a later unknown word).
 */
function rangeByScore(name: 'zrangebyscore' | 'zrevrangebyscore'): CommandSpec {
  return {
    name,
    arity: -4,
    flags: ['readonly'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: (ctx, args) => {
      for (let j = 4; j < args.length; j++) {
        const a = arg(args, j).toLowerCase();
        if (a === 'limit' && args.length - j - 1 >= 2) {
          if (redisParseInt(arg(args, j + 1)) === null || redisParseInt(arg(args, j + 2)) === null)
            return err(NOT_INTEGER);
          j += 2;
        } else if (a !== 'withscores') return err(SYNTAX);
      }
      const rev = name === 'zrevrangebyscore' ? ['rev'] : [];
      return zrange.run(ctx, ['zrange', ...args.slice(1, 4), 'byscore', ...rev, ...args.slice(4)]);
    },
  };
}

const zcount: CommandSpec = {
  name: 'zcount',
  arity: 4,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const lo = redisParseScoreBound(arg(args, 2));
    const hi = redisParseScoreBound(arg(args, 3));
    if (lo === null || hi === null) return err(MIN_MAX_NOT_FLOAT);
    const z = readZset(ks, arg(args, 1));
    if (!z) return 0;
    if (!isZset(z)) return z;
    return inScoreRange(z, lo, hi).length;
  },
};

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
      const n = Math.min(count, z.size);
      const picked =
        name === 'zpopmin' ? z.slice(0, n - 1) : z.slice(z.size - n, z.size - 1).reverse();
      const out: Reply[] = [];
      for (const m of picked) {
        out.push(m, formatDouble(z.score(m) ?? 0));
        ks.zrem(key, m);
      }
      return out;
    },
  };
}

/** The zsets commands, for the default command set (commands/defaults.ts). */
export const zsetCommands: CommandSpec[] = [
  zadd,
  zscore,
  zrem,
  zcard,
  zrank,
  zrange,
  rangeByScore('zrangebyscore'),
  rangeByScore('zrevrangebyscore'),
  zcount,
  zincrby,
  zmscore,
  zpop('zpopmin'),
  zpop('zpopmax'),
];
