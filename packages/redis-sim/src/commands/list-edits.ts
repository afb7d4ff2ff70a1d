/**
 * The list commands that edit or search a list in place (LPUSHX, RPUSHX, LINSERT, LSET, LTRIM,
 * LPOS) and RPOPLPUSH, as t_list.c of Redis 7.0.15 has them; the pushes, pops and ranges are in
 * lists.ts. Every list of 7.0 is a quicklist, so none of them changes an encoding.
 */
import { NOT_INTEGER, OK, SYNTAX, err, type ErrorReply } from '../errors.ts';
import { chargeElements } from '../command-work.ts';
import { INT64, redisParseInt, redisParseInt64 } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import { MOVE_KEYS, isList, moveElement, pushAll, readList } from './lists.ts';
import { rankSpan } from './ranks.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

/** LPUSHX / RPUSHX key element [element ...]: pushes onto a list that exists, else answers 0. */
function pushExisting(side: 'left' | 'right'): CommandSpec {
  return {
    name: side === 'left' ? 'lpushx' : 'rpushx',
    arity: -3,
    flags: ['write', 'fast'],
    keys: keyRange(1, 1, 1, ['RW', 'insert']),
    run: ({ ks }, args) => {
      const key = arg(args, 1);
      const items = readList(ks, key);
      if (!items) return 0;
      if (!isList(items)) return items;
      pushAll(items, side, args.slice(2));
      return items.length;
    },
  };
}

/**
 * LINSERT key BEFORE|AFTER pivot element: the new length, -1 when the pivot is not there, 0
 * when the key is not. The position word is read before the key.
 */
const linsert: CommandSpec = {
  name: 'linsert',
  arity: 5,
  flags: ['write'],
  keys: keyRange(1, 1, 1, ['RW', 'insert']),
  run: ({ ks }, args) => {
    const where = arg(args, 2).toLowerCase();
    if (where !== 'before' && where !== 'after') return err(SYNTAX);
    const items = readList(ks, arg(args, 1));
    if (!items) return 0;
    if (!isList(items)) return items;
    const all = items.toArray();
    const at = all.indexOf(arg(args, 3));
    // the walk to the pivot and the move of the elements after it: no reply shows them
    chargeElements(items.length);
    if (at < 0) return -1;
    all.splice(where === 'after' ? at + 1 : at, 0, arg(args, 4));
    items.replaceAll(all);
    return items.length;
  },
};

/** LSET key index element: the key is looked at before the index; a missing key or index is an error. */
const lset: CommandSpec = {
  name: 'lset',
  arity: 4,
  flags: ['write'],
  keys: keyRange(1, 1, 1, ['RW', 'update']),
  run: ({ ks }, args) => {
    const items = readList(ks, arg(args, 1));
    if (!items) return err('ERR no such key');
    if (!isList(items)) return items;
    const index = redisParseInt(arg(args, 2));
    if (index === null) return err(NOT_INTEGER);
    const i = index < 0 ? items.length + index : index;
    if (i < 0 || i >= items.length) return err('ERR index out of range');
    items.set(i, arg(args, 3));
    return OK;
  },
};

/**
 * LTRIM key start stop: keeps the range LRANGE would list (emptied, the key goes); both
 * indexes are read before the key, and a missing key answers OK.
 */
const ltrim: CommandSpec = {
  name: 'ltrim',
  arity: 4,
  flags: ['write'],
  keys: keyRange(1, 1, 1, ['RW', 'delete']),
  run: ({ ks }, args) => {
    const start = redisParseInt(arg(args, 2));
    const stop = redisParseInt(arg(args, 3));
    if (start === null || stop === null) return err(NOT_INTEGER);
    const key = arg(args, 1);
    const items = readList(ks, key);
    if (!items) return OK;
    if (!isList(items)) return items;
    const span = rankSpan(items.length, start, stop);
    // the elements dropped and the ones moved down: no reply shows them
    chargeElements(items.length);
    // the range kept, copied out (spreading a big range into arguments overflows the stack)
    items.replaceAll(span === null ? [] : items.slice(span[0], span[1] + 1));
    if (items.length === 0) ks.delete(key);
    return OK;
  },
};

/** A non-negative long as getPositiveLongFromObjectOrReply reads it, or `message` as the error. */
function nonNegative(text: string, message: string): number | ErrorReply {
  const n = redisParseInt(text);
  // redisParseInt answers null past LONG_MAX already
  return n === null || n < 0 ? err(`ERR ${message}`) : n;
}

/** What LPOS reads before it looks at the key. */
interface LposOptions {
  /** the rank as given (a bigint: LONG_MIN is told apart from its neighbours) */
  rank: bigint;
  count: number | null;
  maxlen: number;
}

/** LPOS's options, each with its own error, in the order given (lposCommand's loop). */
function lposOptions(args: readonly string[]): LposOptions | ErrorReply {
  const o: LposOptions = { rank: 1n, count: null, maxlen: 0 };
  for (let j = 3; j < args.length; j++) {
    const opt = arg(args, j).toLowerCase();
    const more = args.length - 1 - j > 0;
    if (opt === 'rank' && more) {
      const rank = redisParseInt64(arg(args, ++j));
      if (rank === null) return err(NOT_INTEGER);
      if (rank === 0n) {
        return err(
          "ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use negative to start from the end of the list",
        );
      }
      o.rank = rank;
    } else if (opt === 'count' && more) {
      const count = nonNegative(arg(args, ++j), "COUNT can't be negative");
      if (typeof count !== 'number') return count;
      o.count = count;
    } else if (opt === 'maxlen' && more) {
      const maxlen = nonNegative(arg(args, ++j), "MAXLEN can't be negative");
      if (typeof maxlen !== 'number') return maxlen;
      o.maxlen = maxlen;
    } else return err(SYNTAX);
  }
  return o;
}

/**
 * LPOS key element [RANK rank] [COUNT num-matches] [MAXLEN len]: the index of the rank-th
 * match (from the tail for a negative rank, indexes still counted from the head), or with
 * COUNT an array of up to that many (0: all), looking at no more than MAXLEN elements.
 */
const lpos: CommandSpec = {
  name: 'lpos',
  arity: -3,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const o = lposOptions(args);
    if (!('rank' in o)) return o;
    const items = readList(ks, arg(args, 1));
    if (!items) return o.count === null ? null : [];
    if (!isList(items)) return items;
    const fromTail = o.rank < 0n;
    // LONG_MIN negated is itself (C's wrap-around): still negative, every match is past it, and
    // its count test overflows and never stops the search
    const least = o.rank === INT64.min;
    const rank = least ? 1 : Number(fromTail ? -o.rank : o.rank);
    const target = arg(args, 2);
    const found: Reply[] = [];
    let matches = 0;
    const len = items.length;
    let k = 0;
    for (; k < len && (o.maxlen === 0 || k < o.maxlen); k++) {
      const i = fromTail ? len - 1 - k : k;
      if (items.at(i) !== target) continue;
      matches++;
      if (matches < rank) continue;
      found.push(i);
      if (o.count === null) break;
      if (o.count !== 0 && !least && matches - rank + 1 >= o.count) break;
    }
    // the elements compared: a search that finds little shows nothing of its walk
    chargeElements(k);
    if (o.count !== null) return found;
    return found[0] ?? null;
  },
};

/** RPOPLPUSH source destination: LMOVE source destination RIGHT LEFT. */
const rpoplpush: CommandSpec = {
  name: 'rpoplpush',
  arity: 3,
  flags: ['write'],
  keys: MOVE_KEYS,
  run: ({ ks }, args) => moveElement(ks, arg(args, 1), arg(args, 2), 'right', 'left'),
};

/** The list commands of this file, for the default command set (commands/defaults.ts). */
export const listEditCommands: CommandSpec[] = [
  pushExisting('left'),
  pushExisting('right'),
  linsert,
  lset,
  ltrim,
  lpos,
  rpoplpush,
];
