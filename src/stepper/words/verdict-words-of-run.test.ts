/**
 * The words a member's verdict cell is sized for (`verdictWordsOfRun`) are every verdict it says
 * at any step of the run, so no verdict coming in is longer than what its cell holds already.
 */
import { describe, expect, it } from 'vitest';
import { PRESET_RUNS, presetRun } from '../views/preset-runs.test-helper.ts';
import { selectMemberState } from '../views/selectors.ts';
import { verdictWords, verdictWordsOfRun } from './verdict-words.ts';

describe('the verdicts a member’s cell is sized for', () => {
  it.each(PRESET_RUNS)('%s on %s: are all it says at every step, longest first', (id, x) => {
    const made = presetRun(id, x);
    if (!made) return;
    const { ix } = made;
    for (const { member } of ix.members) {
      const said = new Set<string>();
      for (let k = 0; k <= ix.n; k++) said.add(verdictWords(selectMemberState(ix, k, member)));
      const sized = verdictWordsOfRun(ix, member);
      expect(new Set(sized)).toEqual(said);
      expect(sized.map((w) => w.length)).toEqual(sized.map((w) => w.length).sort((a, b) => b - a));
    }
  });
});
