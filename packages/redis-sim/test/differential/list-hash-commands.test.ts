/**
 * The hash and list commands of list-hash-cases.ts, on a frozen-clock redis-server 7.0.15 of
 * this file's own and on a fresh simulator: each reply typed, and the keyspace after, exactly.
 * What HRANDFIELD draws at random is compared by its shape (how many, which kind) and by being
 * fields of the hash; a draw of every field is compared whole.
 */
import { describe, expect, test } from 'vitest';
import { FROZEN_CLOCK_US } from './config.ts';
import { simSide, realSide } from './lua-sides.ts';
import { HASH_CASES, LIST_CASES, LIST_HASH_WATCH_CASES } from './list-hash-cases.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { runSequence, sequenceDiff, type SequenceCase } from './sequence-compare.ts';
import { comparable } from './command-fuzz-compare.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);
const sim = simSide();

/** The case with every random draw's reply put in the form both sides must agree on. */
async function run(c: SequenceCase, side: 'real' | 'sim') {
  const r = await runSequence(side === 'real' ? realSide(own.client) : sim, c);
  return { ...r, replies: r.replies.map((w, i) => comparable(c.commands[i] ?? [], w)) };
}

describe('hash and list commands: each reply typed, and the keyspace after, as redis-server has them', () => {
  test.each([...HASH_CASES, ...LIST_CASES, ...LIST_HASH_WATCH_CASES])('$name', async (c) => {
    const r = await run(c, 'real');
    const m = await run(c, 'sim');
    expect(sequenceDiff(c, r, m).join('\n')).toBe('');
  });
});
