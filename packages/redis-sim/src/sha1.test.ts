import { describe, expect, test } from 'vitest';
import { sha1Hex } from './sha1.ts';

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
});
