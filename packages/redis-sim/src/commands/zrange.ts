/**
 * Redis 7.0's one range reader (zrangeGenericCommand) and every command built on it: ZRANGE
 * with its full syntax (BYSCORE, BYLEX, REV, LIMIT, WITHSCORES), ZREVRANGE, ZRANGEBYSCORE,
 * ZREVRANGEBYSCORE, ZRANGEBYLEX, ZREVRANGEBYLEX and ZRANGESTORE. The older names fix the range
 * type or the direction, so the word that would set it again is a syntax error there, as on a
 * real server; options are read before the range, the range before the key.
 */
import { chargeElements } from '../command-work.ts';
import { SYNTAX, err } from '../errors.ts';
import { SortedSet, ZSET_LISTPACK_ENTRIES } from '../sorted-set.ts';
import type { Reply } from '../trace-types.ts';
import { rankSpan } from './ranks.ts';
import { arg, keyRange, readLimit, type CommandContext, type CommandSpec } from './types.ts';
import { isZset, membersReply, readZset, storeSet } from './zset-read.ts';
import { readRange, walkRange, type RangeType } from './zset-walk.ts';

/** How a command enters the reader: where its key is, whether it stores, what it fixes. */
interface RangeCall {
  /** index of the source key; min and max follow it */
  at: number;
  /** the destination key (ZRANGESTORE), or null to answer the range */
  store: string | null;
  type: RangeType | null;
  reverse: boolean | null;
}

/** zrangeGenericCommand: parse, then read (or store) the range. */
function zrangeGeneric(ctx: CommandContext, args: readonly string[], call: RangeCall): Reply {
  let { type, reverse } = call;
  let withScores = false;
  let offset = 0;
  let limit = -1;
  for (let j = call.at + 3; j < args.length; j++) {
    const a = arg(args, j).toLowerCase();
    const left = args.length - j - 1;
    if (call.store === null && a === 'withscores') withScores = true;
    else if (a === 'limit' && left >= 2) {
      const given = readLimit(args, j + 1);
      if ('error' in given) return given;
      offset = given.offset;
      limit = given.count;
      j += 2;
    } else if (reverse === null && a === 'rev') reverse = true;
    else if (type === null && a === 'bylex') type = 'lex';
    else if (type === null && a === 'byscore') type = 'score';
    else return err(SYNTAX);
  }
  const mode: RangeType = type ?? 'rank';
  const rev = reverse ?? false;
  // only a LIMIT whose count is not -1 counts as given (opt_limit != -1)
  if (limit !== -1 && mode === 'rank') {
    return err(
      'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
    );
  }
  if (withScores && mode === 'lex') {
    return err('ERR syntax error, WITHSCORES not supported in combination with BYLEX');
  }
  // BYSCORE and BYLEX in reverse take the range as max, min
  const swap = rev && mode !== 'rank';
  const minArg = arg(args, call.at + (swap ? 2 : 1));
  const maxArg = arg(args, call.at + (swap ? 1 : 2));

  const key = arg(args, call.at);
  const parsed = readRange(mode, minArg, maxArg);
  if ('error' in parsed) return parsed;

  const found = readZset(ctx.ks, key);
  if (found === undefined)
    return call.store === null ? [] : storeSet(ctx.ks, call.store, new SortedSet());
  if (!isZset(found)) return found;
  const z = found;

  let members: string[];
  if ('ranks' in parsed) {
    const span = rankSpan(z.size, ...parsed.ranks);
    if (span === null) members = [];
    else if (!rev) members = z.slice(span[0], span[1]);
    else members = z.slice(z.size - 1 - span[1], z.size - 1 - span[0]).reverse();
  } else {
    members = walkRange(z, parsed.range, rev, offset, limit);
  }
  if (call.store === null) return membersReply(z, members, withScores);

  // ZRANGESTORE's set starts as a skiplist only for a rank range known to be too long for a
  // listpack (zrangeResultBeginStore); each add then converts as ZADD would
  const dst = SortedSet.create(
    'ranks' in parsed && members.length > ZSET_LISTPACK_ENTRIES ? members.length : 0,
    0,
  );
  chargeElements(members.length);
  for (const m of members) dst.set(m, z.score(m) ?? 0);
  return storeSet(ctx.ks, call.store, dst);
}

/** A reading range command: name, arity, and what its name fixes. */
function reader(name: string, type: RangeType | null, reverse: boolean | null): CommandSpec {
  return {
    name,
    arity: -4,
    flags: ['readonly'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: (ctx, args) => zrangeGeneric(ctx, args, { at: 1, store: null, type, reverse }),
  };
}

/** ZRANGESTORE dst src min max [BYSCORE|BYLEX] [REV] [LIMIT offset count]. */
const zrangestore: CommandSpec = {
  name: 'zrangestore',
  arity: -5,
  flags: ['write'],
  keys: () => [
    { index: 1, flags: ['OW', 'update'] },
    { index: 2, flags: ['RO', 'access'] },
  ],
  run: (ctx, args) =>
    zrangeGeneric(ctx, args, { at: 2, store: arg(args, 1), type: null, reverse: null }),
};

/** The range commands, for the default command set (commands/defaults.ts). */
export const zrangeCommands: CommandSpec[] = [
  reader('zrange', null, null),
  reader('zrevrange', 'rank', true),
  reader('zrangebyscore', 'score', false),
  reader('zrevrangebyscore', 'score', true),
  reader('zrangebylex', 'lex', false),
  reader('zrevrangebylex', 'lex', true),
  zrangestore,
];
