import { describe, expect, test } from 'vitest';
import { sha1Hex } from '@batch-lease/redis-sim/client';
import { BATCH_LINES, BATCH_SHA, SINGLE_SHA } from './lesson-scripts.ts';
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

describe("the lesson scripts' SHA1", () => {
  // Checked against Redis 7.0.15: SCRIPT LOAD of each file's exact text, and of
  // the text without its final newline (as `redis-cli script load "$(cat f)"` sends it).
  test('the lesson scripts hash as the real server names them', () => {
    expect(BATCH_SHA).toBe('5c7ee28b06252ea9fcf6ff111226a1b53096d426');
    expect(SINGLE_SHA).toBe('5486c8db9800f2d8cbd30818bd42c66f489b194c');
    expect(sha1Hex(BATCH_SOURCE.replace(/\n$/, ''))).toBe(
      '1def65e2dd6f62a18068183df1f9802525705583',
    );
    expect(sha1Hex(SINGLE_SOURCE.replace(/\n$/, ''))).toBe(
      '18b8e092475a1f77f12bc3778c532cae52b43b34',
    );
  });
});
