import { describe, expect, test } from 'vitest';
import { bullmqFateWords } from '../../content/bullmq.ts';
import { FATE_IDS } from '../vocabulary/index.ts';
import { answersFor } from './compute.ts';

describe("the fate picker's BullMQ column", () => {
  test.each(FATE_IDS)('%s: both of BullMQ’s scripts end the job as its words say', (id) => {
    const { verdict } = bullmqFateWords[id];
    const bullmq = answersFor(id).bullmq;
    if (verdict === null) {
      expect(bullmq).toBeNull();
      return;
    }
    expect(bullmq?.single.verdict).toBe(verdict);
    expect(bullmq?.batch.verdict).toBe(verdict);
  });

  test('the single script answers 1 or 0; the batch lists the ids it failed', () => {
    const live = answersFor('live').bullmq!;
    expect(live.single.shown).toBe('(integer) 1');
    expect(live.batch.shown).toBe('(empty array)');
    const stale = answersFor('stale-token').bullmq!;
    expect(stale.single.shown).toBe('(integer) 0');
    expect(stale.batch.shown).toBe(`1) "${answersFor('stale-token').fate.scenario.held[0]!.id}"`);
    expect(stale.batch.sent).toMatch(/^EVALSHA [0-9a-f]{40} 1 bull:q:stalled bull:q: /);
  });
});
