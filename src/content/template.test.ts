import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { grouped } from './template.ts';

describe('grouped', () => {
  it("writes a whole number as toLocaleString('en') does", () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, -1, -1000, -123456789])
      expect(grouped(n)).toBe(n.toLocaleString('en'));
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (n) => {
        expect(grouped(n)).toBe(n.toLocaleString('en'));
      }),
      { seed: 20261202, numRuns: 2000 },
    );
  });
});
