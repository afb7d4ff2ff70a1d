/**
 * The narration of a TIME read: the lesson's script reads once for the whole batch; a script
 * that reads per member is told that each read is later (Redis 7.0 reads the clock on every
 * TIME), with the stepper's modelled advance said to be modelled.
 */
import { describe, expect, it } from 'vitest';
import { presetById } from '../../scenario/presets.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { narrate } from './narration.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { variantSource } from '../what-ifs/script-edits.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';

const sim = createSimTraceSource();

/** The narration just after each clock step of the run. */
function clockWords(script: string | null): string[] {
  const run = sim(presetById('default').build(), 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const ix = buildRunIndex(run);
  return run.steps.flatMap((s, k) => (s.event.kind === 'clock' ? [narrate(ix, k + 1).detail] : []));
}

describe('the narration of TIME', () => {
  it('says the lesson’s script reads the clock once for the whole batch', () => {
    expect(clockWords(null)).toEqual([
      'now = 1764504000 × 1000 + floor(250000 / 1000) = 1764504000250 ms, read once for the whole batch',
    ]);
  });

  it('says a per-member read is later than the last, and that the advance is modelled', () => {
    const words = clockWords(variantSource(BATCH_SOURCE, 'clock-per-member'));
    expect(words).toHaveLength(4);
    expect(words[0]).toMatch(/ms: TIME read for this member, at 250000 µs into its second;/);
    expect(words[1]).toMatch(
      /^now = 1764504000 × 1000 \+ floor\(2500\d\d \/ 1000\) = 1764504000250 ms: TIME read again \(read 2 of this run\)/,
    );
    expect(words[3]).toContain('modelled here as 3 µs a command');
  });
});
