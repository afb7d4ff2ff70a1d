/**
 * What the members' outcomes add up to after k steps: how many were re-scored and how many
 * failed, and the distinct deadlines written. Each is read on every step (the members table's
 * summary, the run's notes), so the run's members are sorted by the step their outcome lands at
 * once per run, and a step counts them by a binary search instead of a pass over every member
 * (a thousand on the 1,000-lease run). The deadlines come back as the same array while no
 * re-score landed, so a view given them can tell that nothing changed and skip its render.
 */
import type { RunIndex } from '../runs/run-index.ts';
import { memoOf } from './memo.ts';

interface Tallies {
  /** the step after which each re-scored member counts as re-scored, ascending */
  rescored: number[];
  /** the step after which each failed member counts as failed, ascending */
  failed: number[];
  /** the re-scores that wrote a deadline, by the step of their write, ascending */
  writes: { step: number; score: number }[];
  /** the distinct deadlines of the first c writes, by c */
  distinct: Map<number, number[]>;
  /** each list of distinct deadlines once, by its text: writes of a deadline already written
   * (one clock read, several members) give back the list they had */
  lists: Map<string, number[]>;
}
const tallies = new WeakMap<RunIndex, Tallies>();

function talliesOf(ix: RunIndex): Tallies {
  return memoOf(tallies, ix, () => {
    const rescored: number[] = [];
    const failed: number[] = [];
    const writes: { step: number; score: number }[] = [];
    for (const m of ix.members) {
      if (!m) continue;
      // a member counts once its verdict is in and, when re-scored, its ZADD made
      if (m.verdictStep >= 0 && m.outcome === 'rescored')
        rescored.push(Math.max(m.verdictStep, m.rescoreStep));
      else if (m.verdictStep >= 0 && m.outcome === 'failed') failed.push(m.verdictStep);
      if (m.outcome === 'rescored' && m.score !== null)
        writes.push({ step: m.rescoreStep, score: m.score });
    }
    const up = (a: number, b: number) => a - b;
    rescored.sort(up);
    failed.sort(up);
    writes.sort((a, b) => a.step - b.step);
    return { rescored, failed, writes, distinct: new Map(), lists: new Map() };
  });
}

/** How many of the `n` ascending values `at(0)`, `at(1)`, … are below k. */
function below(n: number, k: number, at: (i: number) => number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid) < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The members re-scored and the members failed after k steps (the members table's summary). */
export function selectMemberTallies(ix: RunIndex, k: number): { rescored: number; failed: number } {
  const t = talliesOf(ix);
  return {
    rescored: below(t.rescored.length, k, (i) => t.rescored[i]!),
    failed: below(t.failed.length, k, (i) => t.failed[i]!),
  };
}

/** The distinct deadlines the run has written so far, lowest first: one, when the clock was read once. */
export function selectDistinctScores(ix: RunIndex, k: number): readonly number[] {
  const t = talliesOf(ix);
  const c = below(t.writes.length, k, (i) => t.writes[i]!.step);
  return memoOf(t.distinct, c, () => {
    const list = [...new Set(t.writes.slice(0, c).map((w) => w.score))].sort((a, b) => a - b);
    return memoOf(t.lists, list.join(' '), () => list);
  });
}
