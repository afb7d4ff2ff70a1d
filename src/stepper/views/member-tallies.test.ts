// The members' tallies are counted by a search over the run's outcomes sorted once: at every
// step of every preset on both executors they must be what a pass over all members counts
// (the members table's summary and the run's drift note read them), and the deadlines must
// come back as the same array while no re-score landed (so the notes skip their render).
import { describe, expect, it } from 'vitest';
import type { RunIndex } from '../runs/run-index.ts';
import { selectDistinctScores, selectMemberTallies } from './member-tallies.ts';
import { PRESET_RUNS, presetRun } from './preset-runs.test-helper.ts';

/** The tallies as a pass over every member counts them. */
function counted(ix: RunIndex, k: number) {
  let rescored = 0;
  let failed = 0;
  const scores = new Set<number>();
  for (const m of ix.members) {
    if (m.outcome === 'rescored' && m.rescoreStep < k && m.score !== null) scores.add(m.score);
    if (m.verdictStep < 0 || m.verdictStep >= k) continue;
    if (m.outcome === 'rescored' && m.rescoreStep < k) rescored++;
    else if (m.outcome === 'failed') failed++;
  }
  return { rescored, failed, scores: [...scores].sort((a, b) => a - b) };
}

describe('member tallies', () => {
  it.each(PRESET_RUNS)(
    'count what a pass over the members counts: %s on %s',
    (preset, executor) => {
      const ix = presetRun(preset, executor)?.ix;
      if (!ix) return;
      // every step of a small run; on a large one, every step near its members' outcomes
      const steps = new Set<number>();
      if (ix.n <= 2000) for (let k = 0; k <= ix.n; k++) steps.add(k);
      else
        for (const m of ix.members)
          for (const s of [m.verdictStep, m.rescoreStep])
            for (const k of [s, s + 1, s + 2]) if (k >= 0 && k <= ix.n) steps.add(k);
      steps.add(0).add(ix.n);
      let last: readonly number[] | null = null;
      for (const k of [...steps].sort((a, b) => a - b)) {
        const want = counted(ix, k);
        expect(selectMemberTallies(ix, k)).toEqual({
          rescored: want.rescored,
          failed: want.failed,
        });
        const scores = selectDistinctScores(ix, k);
        expect(scores).toEqual(want.scores);
        if (last !== null && want.scores.length === last.length) expect(scores).toBe(last);
        last = scores;
      }
    },
  );
});
