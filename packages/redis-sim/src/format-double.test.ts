import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { formatDouble, formatG } from './format-double.ts';
import golden from '../fixtures/g17.json';

describe('formatDouble (%.17g, as Redis 7.0 prints a double in RESP2)', () => {
  // expected texts from glibc printf("%.17g"); the ZSCORE ones were also read back from Redis 7.0.15
  test.each([
    [0.1, '0.10000000000000001'],
    [1.5, '1.5'],
    [1e300, '1.0000000000000001e+300'],
    [1e-5, '1.0000000000000001e-05'],
    [Number('123456789012345678'), '1.2345678901234568e+17'],
    [1e17, '1e+17'],
    [1e16, '10000000000000000'],
    [0.0001, '0.0001'],
    [5e-324, '4.9406564584124654e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [1796044975577.1, '1796044975577.1001'],
    [2 ** 60, '1.152921504606847e+18'],
    [-2.5, '-2.5'],
    [1e21, '1e+21'],
    [0.3, '0.29999999999999999'],
    [1700000000000, '1700000000000'],
    [-1, '-1'],
    [0, '0'],
    [-0, '-0'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
    // an exact tie at the 18th digit: glibc rounds half to even, toPrecision would round up
    [2 ** -25, '2.9802322387695312e-08'],
  ])('%s → %s', (x, text) => {
    expect(formatDouble(x)).toBe(text);
  });

  test('17 significant digits read back to the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Number(formatDouble(x).replace('inf', 'Infinity'))).toBe(x);
      }),
      { seed: 20240601, numRuns: 2000 },
    );
  });

  test('matches glibc on a golden set of doubles (random bit patterns, ties, clock-sized scores)', () => {
    for (const [hex, text] of golden.cases) {
      const view = new DataView(new ArrayBuffer(8));
      view.setBigUint64(0, BigInt('0x' + hex));
      expect([hex, formatDouble(view.getFloat64(0))]).toEqual([hex, text]);
    }
  });
});

describe('formatG (%.<p>g)', () => {
  it('prints integers above 2^53 with their exact digits, as glibc does', () => {
    // read from redis-server 7.0.15: EVAL "return string.format('%.17g', 2^56)" 0
    expect(formatDouble(2 ** 56)).toBe('72057594037927936');
  });
  it('prints %.14g as Lua 5.1 tostring does', () => {
    expect(formatG(0.1, 14)).toBe('0.1');
    expect(formatG(1e15, 14)).toBe('1e+15');
    expect(formatG(123456789012345, 14)).toBe('1.2345678901234e+14');
    expect(formatG(2 / 3, 14)).toBe('0.66666666666667');
    expect(formatG(-0, 14)).toBe('-0');
  });
});
