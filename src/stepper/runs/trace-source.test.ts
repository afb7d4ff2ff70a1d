import { describe, expect, it } from 'vitest';
import { connector, extendLocks, renderOutcome } from '@batch-lease/echomq';
import { presetById } from '../../scenario/presets.ts';
import { createSimTraceSource, serverFor } from './trace-source.ts';

describe('the verb answer beside a run', () => {
  const source = createSimTraceSource();
  const readOnly = presetById('read-only-caller').build();

  it('is what extend_locks/4 answers when called as the scenario’s read-only caller', () => {
    const native = source(readOnly, 'native');
    const script = source(readOnly, 'script');
    if (native.status !== 'ready' || script.status !== 'ready') throw new Error('no run');
    // the native twin must open the rows for write, which this caller may not
    expect(native.verbAnswer).toMatch(/^\{:error, %Redix\.Error\{message: "NOPERM EMQ\.EXTENDS/);
    expect(native.reply).toMatchObject({ error: expect.stringMatching(/^NOPERM/) });
    // the script writes only the active set, so the same caller is served
    expect(script.verbAnswer).toBe('{:ok, []}');
  });

  it('differs from the default user’s answer, so it is the caller that answered', () => {
    const server = serverFor(readOnly);
    const held = readOnly.held.map((p) => [p.id, p.token] as const);
    const asDefault = renderOutcome(
      extendLocks(connector(server.connect(), 6), readOnly.queue, held, readOnly.leaseMs).outcome,
    );
    const run = source(readOnly, 'native');
    expect(run.status === 'ready' && run.verbAnswer).not.toBe(asDefault);
  });
});
