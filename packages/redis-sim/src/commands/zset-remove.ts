/**
 * ZCOUNT, ZLEXCOUNT and the range removers ZREMRANGEBYSCORE, ZREMRANGEBYRANK and ZREMRANGEBYLEX
 * (zremrangeGenericCommand): the range is read before the key is looked up, a set emptied by
 * the removal is deleted, and the reply counts the members removed.
 */
import { rankSpan } from './ranks.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';
import { isZset, readZset } from './zset-read.ts';
import { readRange, walkRange, type RangeType } from './zset-walk.ts';

/** ZCOUNT and ZLEXCOUNT key min max: how many members the score (lex) range holds. */
function counter(by: 'score' | 'lex'): CommandSpec {
  return {
    name: by === 'score' ? 'zcount' : 'zlexcount',
    arity: 4,
    flags: ['readonly', 'fast'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: ({ ks }, args) => {
      const parsed = readRange(by, arg(args, 2), arg(args, 3));
      if ('error' in parsed) return parsed;
      const z = readZset(ks, arg(args, 1));
      if (!z) return 0;
      if (!isZset(z)) return z;
      return 'range' in parsed ? walkRange(z, parsed.range, false).length : 0;
    },
  };
}

/** ZREMRANGEBY<by> key min max. */
function zremrange(by: RangeType): CommandSpec {
  return {
    name: `zremrangeby${by}`,
    arity: 4,
    flags: ['write'],
    keys: keyRange(1, 1, 1, ['RW', 'delete']),
    run: ({ ks }, args) => {
      const parsed = readRange(by, arg(args, 2), arg(args, 3));
      if ('error' in parsed) return parsed;
      const key = arg(args, 1);
      const z = readZset(ks, key);
      if (!z) return 0;
      if (!isZset(z)) return z;
      let doomed: string[];
      if ('ranks' in parsed) {
        const span = rankSpan(z.size, ...parsed.ranks);
        doomed = span === null ? [] : z.slice(span[0], span[1]);
      } else doomed = walkRange(z, parsed.range, false);
      for (const m of doomed) ks.zrem(key, m);
      return doomed.length;
    },
  };
}

/** The range counters and removers, for the default command set (commands/defaults.ts). */
export const zsetRemoveCommands: CommandSpec[] = [
  counter('score'),
  counter('lex'),
  zremrange('score'),
  zremrange('rank'),
  zremrange('lex'),
];
