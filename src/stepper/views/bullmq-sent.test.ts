import { Packr } from 'msgpackr';
import { describe, expect, test } from 'vitest';
import { bytesOfText } from '@batch-lease/redis-sim/client';
import { bullmqScenario, packStrings, unpackStrings } from '../../scenario/index.ts';
import { runBullmq } from '../runs/bullmq-run.ts';
import { bullmqSentRows } from './bullmq-sent.ts';

// BullMQ's client packs the ids and tokens with msgpackr, set up as its queue backend sets it
const bullmqPack = new Packr({ useRecords: false, encodeUndefinedAsNil: true }).pack;

describe('the msgpack arrays BullMQ’s extendLocks takes', () => {
  const cases: string[][] = [
    [],
    ['1'],
    ['JOB0KHTOWnGLuA', 'JOB0KHTP2xVbQe'],
    ['é', 'JOB0KHTZ 8pQwN', 'x'.repeat(31), 'y'.repeat(32), 'z'.repeat(300)],
    Array.from({ length: 17 }, (_, i) => `w:${i}`),
  ];

  test.each(cases.map((c) => [c.length, c] as const))(
    '%i strings: packed byte for byte as BullMQ’s client packs them, and read back',
    (_, strings) => {
      const packed = packStrings(strings);
      expect([...bytesOfText(packed)]).toEqual([...bullmqPack(strings)]);
      expect(unpackStrings(packed)).toEqual(strings);
    },
  );

  test('anything that is not exactly one array of strings is not read as one', () => {
    for (const text of ['', 'bull:q:', '30000', '\u0091', packStrings(['a']) + 'x']) {
      expect(unpackStrings(text)).toBeNull();
    }
  });
});

describe('what the BullMQ card shows was sent', () => {
  test('each slot of the call, with the tokens and the ids read out of their msgpack', () => {
    const scenario = bullmqScenario('four-fates');
    const { head, rows } = bullmqSentRows(runBullmq(scenario).args);
    expect(head).toMatch(/^EVALSHA [0-9a-f]{40} 1$/);
    expect(rows.map((r) => r.slot)).toEqual([
      'KEYS[1]',
      'ARGV[1]',
      'ARGV[2]',
      'ARGV[3]',
      'ARGV[4]',
    ]);
    expect(rows[0]).toEqual({ slot: 'KEYS[1]', sent: 'bull:q:stalled', unpacked: null });
    expect(rows[1]).toEqual({ slot: 'ARGV[1]', sent: 'bull:q:', unpacked: null });
    // the packed arguments show their bytes as redis-cli quotes them, and what they hold
    expect(rows[2]!.sent).toBe('"\\x94\\xa11\\xa11\\xa11\\xa11"');
    expect(rows[2]!.unpacked).toEqual(scenario.held.map((p) => String(p.token)));
    expect(rows[3]!.sent).toMatch(/^"\\x94\\xaeJOB0KHTOWnGLuA\\xae/);
    expect(rows[3]!.unpacked).toEqual(scenario.held.map((p) => p.id));
    expect(rows[4]).toEqual({ slot: 'ARGV[4]', sent: String(scenario.leaseMs), unpacked: null });
  });
});
