import { describe, expect, test } from 'vitest';
import { BATCH_LINES } from './lesson-scripts.ts';
import { BATCH_SOURCE, SINGLE_SOURCE, lineOf } from './lua-source.ts';
import { SINGLE_LINES } from './lesson-scripts.ts';

describe('lineOf', () => {
  test('finds the one line holding the text', () => {
    expect(lineOf('a\nb = 1\nc', 'b = 1')).toBe(2);
  });
  test('refuses a missing or ambiguous needle', () => {
    expect(() => lineOf('a\nb', 'zz')).toThrow(/not in the listing/);
    expect(() => lineOf('x = 1\nx = 1', 'x = 1')).toThrow(/lines 1, 2/);
  });
  test('each model line is the statement it names in the listing', () => {
    const batch = BATCH_SOURCE.split('\n');
    expect(batch[BATCH_LINES.zadd - 1]).toContain("redis.call('ZADD', KEYS[1], now + lease, id)");
    expect(batch[BATCH_LINES.loop - 1]?.trim()).toBe('while i < #ARGV do');
    expect(batch[BATCH_LINES.ret - 1]?.trim()).toBe('return failed');
    const single = SINGLE_SOURCE.split('\n');
    expect(single[SINGLE_LINES.hget - 1]).toContain("redis.call('HGET', KEYS[2], 'attempts')");
    expect(single[SINGLE_LINES.ret - 1]?.trim()).toBe('return 1');
  });
});
