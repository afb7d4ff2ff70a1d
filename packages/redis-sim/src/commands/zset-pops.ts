/**
 * ZMPOP and ZRANDMEMBER, and the pop every popping command shares (genericZpopCommand): the
 * first key that exists is the one popped (WRONGTYPE when it is not a sorted set; the keys
 * after it are not looked at), and a set emptied by the pop is deleted.
 */
import { NIL_ARRAY, NOT_INTEGER, SYNTAX, err, type ErrorReply } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import type { Keyspace } from '../keyspace.ts';
import { redisParseInt, redisParseInt64 } from '../numbers.ts';
import type { SortedSet } from '../sorted-set.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';
import { numkeysRefs } from './numkeys.ts';
import { isZset, readZset } from './zset-read.ts';

/** Which end a pop takes from. */
export type PopEnd = 'min' | 'max';

/** Pops up to `count` members from `key`'s end; answers them with their scores, in pop order. */
export function popMembers(
  ks: Keyspace,
  key: string,
  z: SortedSet,
  end: PopEnd,
  count: number,
): Array<[string, string]> {
  const n = Math.min(count, z.size);
  if (n <= 0) return [];
  const picked = end === 'min' ? z.slice(0, n - 1) : z.slice(z.size - n, z.size - 1).reverse();
  return picked.map((m) => {
    const score = formatDouble(z.score(m) ?? 0);
    ks.zrem(key, m);
    return [m, score];
  });
}

/**
 * The first of `keys` that exists, as a sorted set: null when none does, the WRONGTYPE reply
 * when the first that exists holds something else.
 */
export function firstZset(
  ks: Keyspace,
  keys: readonly string[],
): { key: string; z: SortedSet } | null | ErrorReply {
  for (const key of keys) {
    const z = readZset(ks, key);
    if (z === undefined) continue;
    return isZset(z) ? { key, z } : z;
  }
  return null;
}

/** What `numkeys key… MIN|MAX [COUNT n]` reads as (zmpopGenericCommand), from `at` (numkeys). */
export function parseMpop(
  args: readonly string[],
  at: number,
): { keys: string[]; end: PopEnd; count: number } | ErrorReply {
  const numkeys = redisParseInt(arg(args, at));
  if (numkeys === null || numkeys < 1) return err('ERR numkeys should be greater than 0');
  const whereAt = at + numkeys + 1;
  if (whereAt >= args.length) return err(SYNTAX);
  const where = arg(args, whereAt).toLowerCase();
  if (where !== 'min' && where !== 'max') return err(SYNTAX);
  let count = -1;
  for (let j = whereAt + 1; j < args.length; j++) {
    const more = args.length - 1 - j;
    if (count === -1 && arg(args, j).toLowerCase() === 'count' && more > 0) {
      const n = redisParseInt(arg(args, ++j));
      if (n === null || n < 1) return err('ERR count should be greater than 0');
      count = n;
    } else return err(SYNTAX);
  }
  return {
    keys: args.slice(at + 1, at + 1 + numkeys),
    end: where,
    count: count === -1 ? 1 : count,
  };
}

/** ZMPOP's reply for a pop from `key`: the key, then the member and score pairs. */
export function mpopReply(key: string, popped: Array<[string, string]>): Reply {
  return [key, popped.map((p) => [...p])];
}

/** ZMPOP numkeys key [key …] MIN|MAX [COUNT count]. */
const zmpop: CommandSpec = {
  name: 'zmpop',
  arity: -4,
  flags: ['write'],
  keys: numkeysRefs(1, ['RW', 'access', 'delete']),
  run: ({ ks }, args) => {
    const parsed = parseMpop(args, 1);
    if ('error' in parsed) return parsed;
    const found = firstZset(ks, parsed.keys);
    if (found === null) return NIL_ARRAY;
    if ('error' in found) return found;
    return mpopReply(found.key, popMembers(ks, found.key, found.z, parsed.end, parsed.count));
  },
};

const LONG_MAX = 2n ** 63n - 1n;
/** How many members the simulator draws for one call (a real server would try for any count). */
const DRAW_LIMIT = 100_000;

/** `count` members of `z` drawn from the keyspace's generator, each independently. */
function drawn(ks: Keyspace, z: SortedSet, count: number): string[] {
  const members = z.members();
  return Array.from({ length: count }, () => members[Math.floor(ks.random() * members.length)]!);
}

/** `count` distinct members of `z` (fewer than its size), in the order drawn. */
function distinct(ks: Keyspace, z: SortedSet, count: number): string[] {
  const pool = [...z.members()];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(ks.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/**
 * ZRANDMEMBER key [count [WITHSCORES]]. A negative count draws that many with repeats; a
 * positive one distinct members, the whole set in its order when the count reaches its size.
 * The draws come from the simulator's generator (a real server's cannot be matched).
 */
const zrandmember: CommandSpec = {
  name: 'zrandmember',
  arity: -2,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    if (args.length < 3) {
      const z = readZset(ks, key);
      if (!z) return null;
      if (!isZset(z)) return z;
      return drawn(ks, z, 1)[0] ?? null;
    }
    const l = redisParseInt64(arg(args, 2));
    if (l === null) return err(NOT_INTEGER);
    if (l < -LONG_MAX) {
      return err(
        'ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807',
      );
    }
    if (args.length > 4 || (args.length === 4 && arg(args, 3).toLowerCase() !== 'withscores'))
      return err(SYNTAX);
    const withScores = args.length === 4;
    if (withScores && (l < -LONG_MAX / 2n || l > LONG_MAX / 2n))
      return err('ERR value is out of range');
    const z = readZset(ks, key);
    if (!z) return [];
    if (!isZset(z)) return z;
    const unique = l >= 0n;
    const count = unique ? l : -l;
    if (count === 0n) return [];
    let members: string[];
    if (!unique || count === 1n) {
      if (count > BigInt(DRAW_LIMIT)) {
        return err(`ERR the simulator draws at most ${DRAW_LIMIT} members in one ZRANDMEMBER`);
      }
      members = drawn(ks, z, Number(count));
    } else if (count >= BigInt(z.size)) members = [...z.members()];
    else members = distinct(ks, z, Number(count));
    if (!withScores) return members;
    return members.flatMap((m) => [m, formatDouble(z.score(m) ?? 0)]);
  },
};

/** ZMPOP and ZRANDMEMBER, for the default command set (commands/defaults.ts). */
export const zsetPopCommands: CommandSpec[] = [zrandmember, zmpop];
