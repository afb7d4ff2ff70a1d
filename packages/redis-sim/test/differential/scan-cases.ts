/**
 * Hand-written cases for the SCAN family's corners: cursors strtoul reads or refuses (empty,
 * signed, spaced, past 64 bits), COUNT, MATCH and TYPE and their errors, the order Redis checks
 * cursor, key, type and options in, and small collections (listpack, intset) answered whole
 * whatever the cursor. Run by zset-sort.test.ts against a real 7.0.15.
 */
import { keyedCase as c, type Cmd } from './case-tables.ts';
import type { KeyedCase } from './keyed-cases.ts';

const KEYS: Cmd[] = [
  ['SET', 's', 'v'],
  ['HSET', 'h', 'f', 'v', 'g', 'w'],
  ['ZADD', 'z', '1', 'a', '2', 'b'],
  ['SADD', 'i', '3', '1', '2'],
  ['SADD', 't', 'x', 'y'],
  ['RPUSH', 'l', 'a'],
];

export const SCAN_CASES: KeyedCase[] = [
  c(
    'SCAN cursors and options',
    ...KEYS,
    ...['0', '', '+0', '00', '-0', ' 0', '0 ', 'x', '1.5', '18446744073709551616', '0x0'].map(
      (cur) => ['SCAN', cur],
    ),
    ['SCAN', '0', 'COUNT', '0'],
    ['SCAN', '0', 'COUNT', '-1'],
    ['SCAN', '0', 'COUNT', 'x'],
    ['SCAN', '0', 'COUNT', '100', 'MATCH', '[hz]'],
    ['SCAN', '0', 'COUNT'],
    ['SCAN', '0', 'MATCH'],
    ['SCAN', '0', 'MATCH', '*', 'COUNT', '1000'],
    ['SCAN', '0', 'TYPE', 'zset'],
    ['SCAN', '0', 'TYPE', 'STRING'],
    ['SCAN', '0', 'TYPE', 'nosuch'],
    ['SCAN', '0', 'TYPE', 'set', 'MATCH', 'i*'],
    ['SCAN', '0', 'TYPE'],
    ['SCAN', '0', 'BOGUS', 'x'],
    ['SCAN', 'x', 'BOGUS', 'x'],
    ['SCAN', '0', 'COUNT', '0', 'COUNT', '5'],
  ),
  c(
    'HSCAN, SSCAN and ZSCAN: the order of the checks and small collections whole',
    ...KEYS,
    ['HSCAN', 'h', '0'],
    ['HSCAN', 'h', '7'],
    ['HSCAN', 'h', '18446744073709551615', 'COUNT', '1'],
    ['HSCAN', 'h', '0', 'MATCH', 'g'],
    ['HSCAN', 'h', '0', 'TYPE', 'hash'],
    ['HSCAN', 'h', '0', 'COUNT', '0'],
    ['HSCAN', 'h', 'x'],
    ['HSCAN', 's', '0'],
    ['HSCAN', 's', 'x'],
    ['HSCAN', 's', '0', 'COUNT', '0'],
    ['HSCAN', 'nokey', '0', 'COUNT', '0'],
    ['HSCAN', 'nokey', '0', 'BOGUS'],
    ['HSCAN', 'nokey', 'x'],
    ['SSCAN', 'i', '5'],
    ['SSCAN', 'i', '0', 'MATCH', '[12]'],
    ['SSCAN', 't', '0', 'COUNT', '100'],
    ['SSCAN', 'z', '0'],
    ['SSCAN', 'nokey', '', 'COUNT', 'x'],
    ['SSCAN', 'i', '', 'COUNT', 'x'],
    ['ZSCAN', 'z', '3'],
    ['ZSCAN', 'z', '0', 'MATCH', 'b'],
    ['ZSCAN', 'z', '0', 'NOVALUES'],
    ['ZSCAN', 'z', ' 1'],
    ['ZSCAN', 'h', '0'],
    ['ZSCAN', 'nokey', '0', 'TYPE', 'zset'],
    ['ZADD', 'big', '0', 'x'.repeat(70), '1', 'q'],
    ['ZSCAN', 'big', '0', 'COUNT', '100'],
    ['ZSCAN', 'big', '0', 'MATCH', 'q'],
    ['HSET', 'bigh', 'f', 'y'.repeat(70)],
    ['HSCAN', 'bigh', '0', 'COUNT', '100'],
    ['SADD', 'bigs', 'w', ...Array.from({ length: 3 }, (_, i) => `m${i}`)],
    ['SSCAN', 'bigs', '0', 'COUNT', '100'],
  ),
];
