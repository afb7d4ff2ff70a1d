import { describe, expect, it } from 'vitest';
import { fateById, type FateId } from './catalogue.ts';
import { answersFor } from './compute.ts';
import { announce, epochLine, leadRun, stateFacts, verdictLabel } from './present.ts';

const epoch = (id: FateId) => epochLine(answersFor(id));

describe('the lease_epoch line', () => {
  it('names the native commands that stamped, read from the keyspace', () => {
    expect(epoch('live')).toEqual({
      stamped: true,
      text: "stamped with the server's run_id `7c4a9e2f…` by `EMQ.EXTEND` and `EMQ.EXTENDS`, sent raw or by the verbs on wire 6; the scripts write no such field",
    });
  });

  it('says a raw client stamped when the verbs raised before sending', () => {
    expect(epoch('ill-formed-id').text).toContain(
      'by `EMQ.EXTEND` and `EMQ.EXTENDS` from a raw client (the verbs raise before sending them)',
    );
  });

  it('says nothing was stamped when no run wrote the field', () => {
    for (const id of [
      'no-row',
      'stale-token',
      'not-in-active',
      'wrong-type',
      'read-only',
    ] as const) {
      expect(epoch(id)).toEqual({ stamped: false, text: 'not stamped: no run wrote it' });
    }
  });
});

describe('the words around the answers', () => {
  it('labels the lead answer of each cell by its verdict', () => {
    const stale = answersFor('stale-token').cells;
    expect(verdictLabel(leadRun(stale['single.script']).lead).text).toBe('refused · EMQSTALE');
    expect(verdictLabel(leadRun(stale['batch.native']).lead)).toEqual({
      text: 'joins failed',
      tone: 'warn',
    });
    const ill = answersFor('ill-formed-id').cells;
    expect(verdictLabel(leadRun(ill['batch.script']).lead).text).toBe('raises · nothing sent');
  });

  it('describes the one-job state from the scenario the runs start from', () => {
    expect(stateFacts(fateById('lane-job'))).toEqual([
      { name: 'held', value: '`JOB0KHTX4sEoBi` · token 3' },
      { name: 'row', value: 'attempts 3 · group `tenant-7`' },
      { name: 'where', value: 'in `active`, 4 s of lease left' },
      { name: 'caller', value: 'full access' },
    ]);
    expect(stateFacts(fateById('not-in-active'))[2]!.value).toBe(
      'reaped to `pending`, gone from `active`',
    );
    expect(stateFacts(fateById('read-only'))[3]!.value).toBe('may only read the job rows');
  });

  it('announces a pick in one line', () => {
    expect(announce(answersFor('live'))).toBe(
      'live. single: re-scored; batch: re-scored; EMQ.EXTEND: re-scored; EMQ.EXTENDS: re-scored; lease_epoch stamped.',
    );
  });
});
