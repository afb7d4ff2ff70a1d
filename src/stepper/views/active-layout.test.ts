/**
 * The active set's panel holds, once per run, the room of its largest set: measured from the
 * run's changes in one pass, it must be exactly what the panel lists at its largest and smallest
 * over the run, and say whether a step ever breaks the invariant, as the selectors the panel
 * draws from say step by step. Checked for every preset's run, the real script and each what-if.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../scenario/presets.ts';
import { VARIANTS } from '../../vocabulary/index.ts';
import { buildRunIndex, keyspaceAt, type RunIndex } from '../runs/run-index.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';
import { LESSON_SCRIPT } from '../words/lesson-text.ts';
import { variantSource } from '../what-ifs/script-edits.ts';
import { activeLayoutOf } from './active-layout.ts';
import { activeWindowAt, selectInvariantBreaks } from './selectors.ts';

const source = createSimTraceSource();

/** The panel at its largest and smallest, and whether it marks a break, step by step. */
function drawn(ix: RunIndex) {
  let most = 0;
  let fewest = Infinity;
  let breaks = false;
  for (let k = 0; k <= ix.n; k++) {
    const view = keyspaceAt(ix, k);
    const { total } = activeWindowAt(ix, view, null, 6);
    most = Math.max(most, total);
    fewest = Math.min(fewest, total);
    breaks ||= selectInvariantBreaks(view).length > 0;
  }
  return { most, fewest, breaks };
}

const RUNS = PRESETS.flatMap((p) => VARIANTS.map((v) => [p.id, v] as const));

describe('the active set’s layout of a run', () => {
  it.each(RUNS)('%s, %s: the largest and smallest set and the breaks, as drawn', (id, variant) => {
    const scenario = PRESETS.find((p) => p.id === id)!.build();
    const run = source(scenario, 'script', variantSource(LESSON_SCRIPT, variant));
    if (run.status !== 'ready') return;
    const ix = buildRunIndex(run);
    expect(activeLayoutOf(ix)).toEqual(drawn(ix));
  });

  it('a dropped guard breaks the invariant in the reaped preset, and adds its member', () => {
    const scenario = PRESETS.find((p) => p.id === 'reaped')!.build();
    const real = buildRunIndex(source(scenario, 'script') as never);
    const what = source(scenario, 'script', variantSource(LESSON_SCRIPT, 'no-membership-guard'));
    const ix = buildRunIndex(what as never);
    expect(activeLayoutOf(real).breaks).toBe(false);
    expect(activeLayoutOf(ix)).toMatchObject({ breaks: true });
    expect(activeLayoutOf(ix).most).toBe(activeLayoutOf(real).most + 1);
  });
});
