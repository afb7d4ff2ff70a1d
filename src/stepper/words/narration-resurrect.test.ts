/**
 * The narration of a ZADD the membership guard would have stopped: with the guard dropped, the
 * reaped id is re-scored into active while it waits in pending. The words must say what
 * happened (the lease is resurrected), never call it a live lease.
 */
import { describe, expect, it } from 'vitest';
import { isolate } from '@batch-lease/redis-sim/client';
import { presetById } from '../../scenario/presets.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { narrate } from './narration.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { variantSource } from '../what-ifs/script-edits.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';

const sim = createSimTraceSource();

/** Every re-score's narration, by the id it re-scored. */
function rescores(script: string | null): Map<string, { member: string; detail: string }> {
  const run = sim(presetById('default').build(), 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const ix = buildRunIndex(run);
  const said = new Map<string, { member: string; detail: string }>();
  run.steps.forEach((s, k) => {
    if (s.event.kind !== 'rescore' || s.group === null) return;
    const n = narrate(ix, k + 1);
    said.set(ix.members[s.group]!.id, { member: n.member ?? '', detail: n.detail });
  });
  return said;
}

describe('the narration of a re-score', () => {
  it('calls the lesson’s re-score a live lease', () => {
    const said = rescores(null);
    expect(said.size).toBe(1);
    for (const { detail } of said.values()) expect(detail).toMatch(/^a live lease: ZADD active/);
  });

  it('says the dropped guard resurrects the reaped lease: in active and in pending at once', () => {
    const said = rescores(variantSource(BATCH_SOURCE, 'no-membership-guard'));
    const reaped = said.get('JOB0KHTR5cWyNf');
    expect(reaped?.detail).toBe(
      // the id isolated, as learner text always is (FSI … PDI: a <bdi> on the page)
      `no membership guard: ZADD active now+lease = 1764504030250 puts ${isolate('JOB0KHTR5cWyNf')} back into active while it still waits in pending: the lease is resurrected, now in both sets`,
    );
    expect(reaped?.member).toContain('resurrected, in active and in pending at once');
    expect(reaped?.detail).not.toContain('live lease');
    // the live one is still told as live
    expect(said.get('JOB0KHTOWnGLuA')?.detail).toMatch(/^a live lease/);
  });
});
