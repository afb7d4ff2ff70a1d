import { describe, expect, it } from 'vitest';
import { arrayIndex, ceilLog2, fb2int, int2fb, numberHash, stringHash } from './table-hash.ts';

describe('table arithmetic (ltable.c, lstring.c, lobject.c)', () => {
  it('hashes strings from the last byte back, seeded with the length', () => {
    expect(stringHash('')).toBe(0);
    // h = 1 ^ ((1 << 5) + (1 >> 2) + 97) = 1 ^ 129
    expect(stringHash('a')).toBe(128);
    expect(stringHash('ab')).not.toBe(stringHash('ba'));
    // every byte counts (Redis's patch), also in long strings
    const long = 'x'.repeat(100);
    expect(stringHash(`${long}a`)).not.toBe(stringHash(`${long}b`));
  });

  it('folds a double into the wrapped sum of its two words', () => {
    // 1.0 is 0x3ff00000_00000000
    expect(numberHash(1)).toBe(0x3ff00000);
    // 2^-1074 (the smallest subnormal) is word 1, word 0
    expect(numberHash(5e-324)).toBe(1);
    expect(numberHash(-1)).toBe(0xbff00000);
  });

  it('takes C ints as array indices, -0 as 0, nothing else', () => {
    expect(arrayIndex(3)).toBe(3);
    expect(arrayIndex(-0)).toBe(0);
    expect(arrayIndex(2.5)).toBe(-1);
    expect(arrayIndex(2 ** 31)).toBe(-1);
    expect(arrayIndex(-(2 ** 31))).toBe(-(2 ** 31));
    expect(arrayIndex('1')).toBe(-1);
  });

  it('rounds up to powers of two, and through floating point bytes', () => {
    expect([1, 2, 3, 4, 5, 8, 9].map(ceilLog2)).toEqual([0, 1, 2, 2, 3, 3, 4]);
    expect([0, 7, 8, 15, 16, 17, 50, 120].map((n) => fb2int(int2fb(n)))).toEqual([
      0, 7, 8, 15, 16, 18, 52, 120,
    ]);
  });
});
