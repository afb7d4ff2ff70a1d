import { describe, expect, test } from 'vitest';
import { sha1Hex } from './sha1.ts';
import { BATCH_SOURCE, SINGLE_SOURCE } from './scripts/lua-source.ts';
import { BATCH_SHA, SINGLE_SHA } from './scripts/lesson-scripts.ts';

describe('sha1Hex', () => {
  test.each([
    ['', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ['abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    ],
    ['The quick brown fox jumps over the lazy dog', '2fd4e1c67a2d28fced849ee1bb76e7391b93eb12'],
    ['a'.repeat(1000), '291e9a6c66994949b57ba5e650361e98fc36b1ba'],
    // hashed as its UTF-8 bytes c2 b7, not as a UTF-16 unit
    ['·', '1fdf0d90c37af3a1dbd95c068144b1895c063a5e'],
  ])('sha1(%j)', (text, hex) => {
    expect(sha1Hex(text)).toBe(hex);
  });

  test('a million a', () => {
    expect(sha1Hex('a'.repeat(1_000_000))).toBe('34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  });

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
