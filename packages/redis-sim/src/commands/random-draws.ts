/**
 * The random draws of SRANDMEMBER, HRANDFIELD and ZRANDMEMBER with a count, and of SPOP: one
 * rule for the three *WithCountCommand functions of Redis 7.0.15, on the keyspace's generator
 * (a real server's draws cannot be matched, so what is kept is how many, which kind and from
 * where).
 */
import { NOT_INTEGER, SYNTAX, err, type ErrorReply } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import { INT64, redisParseInt64 } from '../numbers.ts';
import { arg } from './types.ts';
import { chargeElements } from '../command-work.ts';

/**
 * How many members one call draws with repeats at most: a real server builds a reply of any
 * length (and a count of -1e15 runs it out of memory); the simulator answers an error instead
 * of holding the tab. A million (a second or two in the console, twice the lines with
 * WITHVALUES or WITHSCORES) is far past what a page asks, so a count a real server answers in
 * a moment is answered here too (differential/zset-cases.ts counts a draw past 100,000).
 */
export const DRAW_LIMIT = 1_000_000;

/**
 * Up to `count` distinct members drawn at random, in the order they were drawn. The members are
 * copied into a pool to draw from: work no reply of `count` members shows, so it is charged.
 */
export function drawDistinct(ks: Keyspace, members: readonly string[], count: number): string[] {
  chargeElements(members.length);
  const pool = [...members];
  const out: string[] = [];
  while (out.length < count && pool.length > 0) {
    const i = Math.floor(ks.random() * pool.length);
    out.push(pool[i]!);
    pool[i] = pool[pool.length - 1]!;
    pool.pop();
  }
  return out;
}

/**
 * What a count asks of `members` (not empty), as the *WithCountCommand functions answer it:
 * nothing for 0; for a negative count (or 1) that many members drawn independently; for a count
 * that reaches the size every member, in their order; else that many distinct members, in the
 * order drawn. `command` names the call in the error past {@link DRAW_LIMIT}.
 */
export function drawWithCount(
  ks: Keyspace,
  members: readonly string[],
  count: bigint,
  command: string,
): string[] | ErrorReply {
  if (count === 0n) return [];
  if (count < 0n || count === 1n) {
    const n = count < 0n ? -count : count;
    if (n > BigInt(DRAW_LIMIT)) {
      return err(
        `ERR the simulator draws at most ${DRAW_LIMIT} members in one ${command.toUpperCase()}`,
      );
    }
    return Array.from(
      { length: Number(n) },
      () => members[Math.floor(ks.random() * members.length)]!,
    );
  }
  if (count >= BigInt(members.length)) return [...members];
  return drawDistinct(ks, members, Number(count));
}

/** LONG_MAX / 2: the largest count taken with WITHVALUES or WITHSCORES (the reply is twice as long). */
const HALF_LONG_MAX = INT64.max / 2n;

/**
 * The `count [word]` of SRANDMEMBER, HRANDFIELD and ZRANDMEMBER from argv[2] (their
 * *WithCountCommand): the count, then -LONG_MAX as its least (LONG_MIN has no positive twin),
 * then `word` (WITHVALUES, WITHSCORES; none for SRANDMEMBER) as the only option, then the
 * count's range with it; all before the key is looked at.
 */
export function readDrawCount(
  args: readonly string[],
  word: 'withvalues' | 'withscores' | null,
): { count: bigint; paired: boolean } | ErrorReply {
  const count = redisParseInt64(arg(args, 2));
  if (count === null) return err(NOT_INTEGER);
  if (count < -INT64.max) {
    return err(
      'ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807',
    );
  }
  if (args.length > 4 || (args.length === 4 && arg(args, 3).toLowerCase() !== word)) {
    return err(SYNTAX);
  }
  const paired = args.length === 4;
  if (paired && (count < -HALF_LONG_MAX || count > HALF_LONG_MAX)) {
    return err('ERR value is out of range');
  }
  return { count, paired };
}
