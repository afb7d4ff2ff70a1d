/**
 * ZMPOP and ZRANDMEMBER, and the pop every popping command shares (genericZpopCommand): the
 * first key that exists is the one popped (WRONGTYPE when it is not a sorted set; the keys
 * after it are not looked at), and a set emptied by the pop is deleted.
 */
import { NIL_ARRAY, type ErrorReply } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import type { Keyspace } from '../keyspace.ts';
import type { SortedSet } from '../sorted-set.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';
import { numkeysRefs, readMpop } from './numkeys.ts';
import { drawWithCount, readDrawCount } from './random-draws.ts';
import { isZset, membersReply, readZset } from './zset-read.ts';

/** Which end a pop takes from. */
export type PopEnd = 'min' | 'max';
/** The ends ZMPOP and BZMPOP name. */
export const POP_ENDS: readonly PopEnd[] = ['min', 'max'];

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
    const parsed = readMpop(args, 1, POP_ENDS);
    if ('error' in parsed) return parsed;
    const found = firstZset(ks, parsed.keys);
    if (found === null) return NIL_ARRAY;
    if ('error' in found) return found;
    return mpopReply(found.key, popMembers(ks, found.key, found.z, parsed.end, parsed.count));
  },
};

/**
 * ZRANDMEMBER key [count [WITHSCORES]]: one member (nil for no key); with a count, what
 * random-draws.ts draws of the members (a count that reaches the size: the whole set in its
 * order), each paired with its score under WITHSCORES.
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
      const members = z.members();
      return members[Math.floor(ks.random() * members.length)] ?? null;
    }
    const asked = readDrawCount(args, 'withscores');
    if ('error' in asked) return asked;
    const z = readZset(ks, key);
    if (!z) return [];
    if (!isZset(z)) return z;
    const drawn = drawWithCount(ks, z.members(), asked.count, 'zrandmember');
    if (!Array.isArray(drawn)) return drawn;
    return membersReply(z, drawn, asked.paired);
  },
};

/** ZMPOP and ZRANDMEMBER, for the default command set (commands/defaults.ts). */
export const zsetPopCommands: CommandSpec[] = [zrandmember, zmpop];
