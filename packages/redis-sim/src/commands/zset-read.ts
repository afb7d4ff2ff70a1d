/**
 * What the sorted-set command files share: reading a key as a sorted set, the flat
 * member/score replies, building a result set in the encoding Redis gives it.
 */
import { utf8Length } from '../byte-order.ts';
import type { ErrorReply } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import type { Keyspace } from '../keyspace.ts';
import { SortedSet } from '../sorted-set.ts';
import type { Reply } from '../trace-types.ts';
import { readTyped } from './types.ts';

/** The sorted set at key, undefined when absent, or the WRONGTYPE reply. */
export function readZset(ks: Keyspace, key: string): SortedSet | undefined | ErrorReply {
  const v = readTyped(ks, key, 'zset');
  return v === undefined || 'error' in v ? v : v.zset;
}

/** Whether {@link readZset} found a set (not nothing, not an error). */
export function isZset(x: SortedSet | undefined | ErrorReply): x is SortedSet {
  return x !== undefined && !('error' in x);
}

/** `member` or `member, score` for each member, as ZRANGE answers in RESP2. */
export function membersReply(
  z: SortedSet,
  members: readonly string[],
  withScores: boolean,
): Reply[] {
  if (!withScores) return [...members];
  const out: Reply[] = [];
  for (const m of members) out.push(m, formatDouble(z.score(m) ?? 0));
  return out;
}

/** Member and score pairs, in the order given. */
export type ScoredMembers = Array<[member: string, score: number]>;

/**
 * A set holding `entries` as Redis builds a computed result (ZUNIONSTORE and its kin): a
 * skiplist, converted to a listpack when it is small enough (zsetConvertToListpackIfNeeded),
 * which stores a -0 score as 0.
 */
export function builtSet(entries: ScoredMembers): SortedSet {
  let longest = 0;
  for (const [m] of entries) longest = Math.max(longest, utf8Length(m));
  const z = SortedSet.create(entries.length, longest);
  for (const [m, s] of entries) z.set(m, s);
  return z;
}

/**
 * Stores a computed set at `dst` (setKey: any old value and time to live go), or, when it is
 * empty, deletes `dst`; answers the stored size, as every Z…STORE does.
 */
export function storeSet(ks: Keyspace, dst: string, z: SortedSet): number {
  if (z.size === 0) {
    ks.delete(dst);
    return 0;
  }
  ks.replace(dst, { type: 'zset', zset: z });
  return z.size;
}
