/**
 * SETRANGE, GETRANGE, APPEND and STRLEN at big offsets against a redis-server 7.0.15 of this
 * file's own: a string padded with zero bytes to hundreds of thousands of bytes, read back at its far end,
 * and the offsets past 512 MB (proto-max-bulk-len) the server refuses, each reply and the
 * keyspace after compared (keyed-cases.ts). A multi-byte character written into the padding
 * keeps offsets in bytes.
 */
import { describe, expect, test } from 'vitest';
import { keyedCase as c } from './case-tables.ts';
import { FROZEN_CLOCK_US } from './config.ts';
import { runKeyedCase } from './keyed-cases.ts';
import { useOwnFrozenRedis } from './own-redis.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);

const CASES = [
  c(
    'SETRANGE far past the end pads with zero bytes',
    ['SETRANGE', 'k', '300000', 'x'],
    ['STRLEN', 'k'],
    ['GETRANGE', 'k', '299998', '-1'],
    ['SETRANGE', 'k', '3', 'é'],
    ['GETRANGE', 'k', '0', '6'],
    ['APPEND', 'k', 'yz'],
    ['GETRANGE', 'k', '-3', '-1'],
    ['SETRANGE', 'k', '100000', 'middle'],
    ['GETRANGE', 'k', '99999', '100006'],
    ['STRLEN', 'k'],
  ),
  c(
    'offsets past proto-max-bulk-len',
    ['SETRANGE', 'k', '536870912', 'x'],
    ['SETRANGE', 'k', '536870911', 'xy'],
    ['SETRANGE', 'k', '9223372036854775807', ''],
    ['SETRANGE', 'k', '9223372036854775808', 'x'],
    ['SETRANGE', 'k', '-1', 'x'],
    ['SET', 'k', 'abc'],
    ['SETRANGE', 'k', '536870910', 'xyz'],
    ['SETRANGE', 'k', '536870912', ''],
    ['GETRANGE', 'k', '9223372036854775806', '9223372036854775807'],
    ['GETRANGE', 'k', '-9223372036854775808', '1'],
  ),
];

describe('string ranges at big offsets against redis-server 7.0.15', () => {
  test.each(CASES)('$name', async (k) => {
    expect(await runKeyedCase(own, k)).toBe('');
  });
});
