import { describe, expect, it } from 'vitest';
import { thousandLeases } from '../../scenario/presets.ts';
import {
  buildRunIndex,
  checkpointStride,
  MAX_CHECKPOINTS,
  MIN_CHECKPOINT_EVERY,
} from './run-index.ts';
import { keyspaceAt, selectFailed } from '../views/selectors.ts';
import { createSimTraceSource } from './trace-source.ts';

describe('the run index', () => {
  const run = createSimTraceSource()(thousandLeases(), 'script');
  if (run.status !== 'ready') throw new Error('the thousand-lease run is not ready');
  const ix = buildRunIndex(run);

  it('keeps a bounded number of keyspace snapshots, so memory stays linear in the keys', () => {
    expect(ix.checkpoints.length).toBeLessThanOrEqual(MAX_CHECKPOINTS + 1);
    expect(checkpointStride(100)).toBe(MIN_CHECKPOINT_EVERY);
    expect(checkpointStride(100_000)).toBe(Math.ceil(100_000 / MAX_CHECKPOINTS));
  });

  it('answers the same keyspace at a step whichever way it is reached', () => {
    const target = Math.floor(ix.n * 0.61);
    const direct = keyspaceAt(buildRunIndex(run), target);
    keyspaceAt(ix, ix.n);
    const fromEnd = keyspaceAt(ix, target);
    expect([...fromEnd.active]).toEqual([...direct.active]);
    expect([...fromEnd.rows.keys()]).toEqual([...direct.rows.keys()]);
  });

  it('rebuilds the failed list from the collect steps, ending at the reply', () => {
    const failed = selectFailed(ix, ix.n);
    expect(failed.length).toBeGreaterThan(0);
    expect(run.reply).toEqual(failed);
    expect(selectFailed(ix, 0)).toEqual([]);
  });
});
