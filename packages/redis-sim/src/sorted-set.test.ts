/**
 * The sorted set mends its order only when read by rank. Checked against the order computed
 * from scratch (every member sorted by score, then bytes) after every step of generated
 * sequences of writes and reads, including re-scores to the same score, -0 and big sets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBytes } from './byte-order.ts';
import { SortedSet, ZSET_LISTPACK_ENTRIES } from './sorted-set.ts';

const SEED = 20_261_201;

type Op =
  | { op: 'set'; member: string; score: number }
  | { op: 'delete'; member: string }
  | { op: 'rank'; member: string }
  | { op: 'slice'; start: number; stop: number }
  | { op: 'clone' };

const member = fc.constantFrom('a', 'b', 'c', 'ab', 'é', 'B', '', 'zz');
const score = fc.constantFrom(0, -0, 1, -1, 2.5, Infinity, -Infinity, 1e300);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), member, score }, { noNullPrototype: true }),
  fc.record({ op: fc.constant('delete' as const), member }, { noNullPrototype: true }),
  fc.record({ op: fc.constant('rank' as const), member }, { noNullPrototype: true }),
  fc.record(
    { op: fc.constant('slice' as const), start: fc.nat(9), stop: fc.nat(9) },
    { noNullPrototype: true },
  ),
  fc.constant({ op: 'clone' as const }),
);

/** The order from scratch. */
function expected(scores: Map<string, number>): string[] {
  return [...scores.keys()].sort((a, b) => {
    const sa = scores.get(a)!;
    const sb = scores.get(b)!;
    return sa < sb ? -1 : sa > sb ? 1 : compareBytes(a, b);
  });
}

function check(ops: readonly Op[], pad: number): void {
  let z = new SortedSet();
  const ref = new Map<string, number>();
  // padding members push the set past the listpack size, where -0 is kept as -0
  for (let i = 0; i < pad; i++) {
    z.set(`pad${i}`, i);
    ref.set(`pad${i}`, i);
  }
  for (const o of ops) {
    if (o.op === 'set') {
      z.set(o.member, o.score);
      ref.set(o.member, z.listpack && o.score === 0 ? 0 : o.score);
    } else if (o.op === 'delete') {
      expect(z.delete(o.member)).toBe(ref.delete(o.member));
    } else if (o.op === 'rank') {
      const order = expected(ref);
      expect(z.rank(o.member)).toBe(order.indexOf(o.member));
    } else if (o.op === 'slice') {
      expect(z.slice(o.start, o.stop)).toEqual(expected(ref).slice(o.start, o.stop + 1));
    } else z = z.clone();
    expect(z.size).toBe(ref.size);
    // every member's score, as one assertion: an expect per member per step was most of the
    // suite's time (a big set is 200 members, checked after each of up to 240 steps)
    expect([...ref].filter(([m, s]) => !Object.is(z.score(m), s))).toEqual([]);
  }
  expect(z.members()).toEqual(expected(ref));
}

describe('the sorted set', () => {
  it('answers ranks, slices and members as the order from scratch, small or large', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 40 }),
        fc.constantFrom(0, ZSET_LISTPACK_ENTRIES),
        check,
      ),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('re-scoring most of a big set between reads (which then sorts it whole) keeps the order', () => {
    const padMember = fc.nat(199).map((i) => `pad${i}`);
    const bigOp: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 30,
        arbitrary: fc.record(
          { op: fc.constant('set' as const), member: padMember, score },
          { noNullPrototype: true },
        ),
      },
      {
        weight: 3,
        arbitrary: fc.record(
          { op: fc.constant('delete' as const), member: padMember },
          { noNullPrototype: true },
        ),
      },
      {
        weight: 1,
        arbitrary: fc.record(
          { op: fc.constant('rank' as const), member: padMember },
          { noNullPrototype: true },
        ),
      },
    );
    fc.assert(
      fc.property(fc.array(bigOp, { minLength: 120, maxLength: 240 }), (ops) => check(ops, 200)),
      { seed: SEED, numRuns: 15 },
    );
  });

  it('regression: a re-score to the same score, then to -0 and back, keeps one entry', () => {
    check(
      [
        { op: 'set', member: 'a', score: 1 },
        { op: 'rank', member: 'a' },
        { op: 'set', member: 'a', score: 1 },
        { op: 'set', member: 'a', score: -0 },
        { op: 'rank', member: 'a' },
        { op: 'set', member: 'a', score: 0 },
        { op: 'slice', start: 0, stop: 9 },
      ],
      ZSET_LISTPACK_ENTRIES,
    );
  });
});
