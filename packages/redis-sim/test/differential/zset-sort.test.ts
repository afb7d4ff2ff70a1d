/**
 * The sorted-set, SORT and SCAN commands against a redis-server 7.0.15 of this file's own: each
 * hand-written case (zset-cases.ts, sort-cases.ts, scan-cases.ts) compared reply by reply and key by key, with
 * every key's PTTL and OBJECT ENCODING (keyed-cases.ts).
 */
import { describe, expect, test } from 'vitest';
import { FROZEN_CLOCK_US } from './config.ts';
import { runKeyedCase } from './keyed-cases.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { GETKEYS_CASES } from './getkeys-cases.ts';
import { SCAN_CASES } from './scan-cases.ts';
import { SORT_CASES } from './sort-cases.ts';
import { ZSET_CASES } from './zset-cases.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);

describe('sorted-set commands against redis-server 7.0.15', () => {
  test.each(ZSET_CASES)('$name', async (c) => {
    expect(await runKeyedCase(own, c)).toBe('');
  });
});

describe('SORT and SORT_RO against redis-server 7.0.15', () => {
  test.each(SORT_CASES)('$name', async (c) => {
    expect(await runKeyedCase(own, c)).toBe('');
  });
});

describe('the SCAN family and COMMAND GETKEYS against redis-server 7.0.15', () => {
  test.each([...SCAN_CASES, ...GETKEYS_CASES])('$name', async (c) => {
    expect(await runKeyedCase(own, c)).toBe('');
  });
});
