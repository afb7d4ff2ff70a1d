/**
 * The native twin decides in a read pass and writes later, so a "live" verdict is not a write.
 * Only a member whose ZADD ran may read "re-scored"; a refusal says so on every member.
 */
import { describe, expect, it } from 'vitest';
import { presetById, type PresetId } from '../../scenario/presets.ts';
import { memberLine, narrate } from './narration.ts';
import { W } from './narration.test-helper.ts';
import { buildRunIndex, type RunIndex } from '../runs/run-index.ts';
import { keyspaceAt, selectMemberState } from '../views/selectors.ts';
import { NOTHING_WRITTEN, verdictWords } from './verdict-words.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';

const source = createSimTraceSource();
function nativeRun(preset: PresetId): RunIndex {
  const run = source(presetById(preset).build(), 'native');
  if (run.status !== 'ready') throw new Error(`no native run of ${preset}`);
  return buildRunIndex(run);
}
const words = (ix: RunIndex, k: number) =>
  ix.members.map((m) => verdictWords(selectMemberState(ix, k, m.member)));

describe('native narration tells only what happened', () => {
  it.each(['read-only-caller', 'wrongtype-midbatch'] as const)(
    '%s: no member reads re-scored, and every member says nothing was written',
    (preset) => {
      const ix = nativeRun(preset);
      const k = ix.n;
      expect(keyspaceAt(ix, k).active).toEqual(ix.run.initial.active);
      // the cell says it in short (a phone's column is narrow); the narration says why
      for (const w of words(ix, k)) {
        expect(w).not.toContain('re-scored');
        expect(w).toMatch(/ · nothing written$/);
      }
      for (const m of ix.members) {
        const line = memberLine(ix, k, m);
        expect(line).not.toContain('re-scored');
        expect(line).toContain(NOTHING_WRITTEN);
      }
    },
  );

  it('read-only-caller: a live member reads "live (read pass)" at its verdict, and "live · nothing written" once refused', () => {
    const ix = nativeRun('read-only-caller');
    const live = ix.members.find((m) => m.outcome === 'unwritten')!;
    const k = live.verdictStep + 1;
    expect(verdictWords(selectMemberState(ix, k, live.member))).toBe('live (read pass)');
    expect(narrate(ix, k).member).toContain(`→ ${W.member.live}`);
    expect(verdictWords(selectMemberState(ix, ix.n, live.member))).toBe('live · nothing written');
  });

  it('all-live: a member reads live after the read pass and re-scored only after its ZADD', () => {
    const ix = nativeRun('all-live');
    const m = ix.members[0]!;
    expect(m.rescoreStep).toBeGreaterThan(m.verdictStep);
    expect(selectMemberState(ix, m.rescoreStep, 0).verdict).toBe('live');
    expect(selectMemberState(ix, m.rescoreStep + 1, 0).verdict).toBe('rescored');
    expect(words(ix, ix.n).every((w) => w === 're-scored')).toBe(true);
  });

  it('the script re-scores at its verdict, as before', () => {
    const run = source(presetById('default').build(), 'script');
    if (run.status !== 'ready') throw new Error('no script run');
    const ix = buildRunIndex(run);
    const m = ix.members.find((x) => x.outcome === 'rescored')!;
    expect(selectMemberState(ix, m.verdictStep + 1, m.member).verdict).toBe('rescored');
    expect(selectMemberState(ix, ix.n, m.member).refused).toBe(false);
  });
});
