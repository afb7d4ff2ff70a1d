import { describe, expect, test } from 'vitest';
import { DEFAULT_NAN } from '../number-text.ts';
import { formatCFloat, formatCInteger, type CFormatSpec } from './c-printf.ts';

const spec = (flags: string, width = 0, precision?: number): CFormatSpec => ({
  flags,
  width,
  precision,
});

describe('formatCFloat (glibc %e %f %g)', () => {
  test('exact ties round half to even, on the exact binary value', () => {
    expect([0.5, 1.5, 2.5, 3.5].map((x) => formatCFloat(spec('', 0, 0), 'f', x))).toEqual([
      '0',
      '2',
      '2',
      '4',
    ]);
    // 0.125 is exact: a tie at 2 digits goes to even; 0.15 is a bit below 0.15: down
    expect(formatCFloat(spec('', 0, 2), 'f', 0.125)).toBe('0.12');
    expect(formatCFloat(spec('', 0, 1), 'f', 0.15)).toBe('0.1');
    expect(formatCFloat(spec('', 0, 0), 'e', 2.5)).toBe('2e+00');
  });

  test('%g picks the notation from the rounded exponent and trims zeros unless #', () => {
    expect(formatCFloat(spec(''), 'g', 1e-5)).toBe('1e-05');
    expect(formatCFloat(spec(''), 'g', 0.0001)).toBe('0.0001');
    expect(formatCFloat(spec(''), 'g', 999999.5)).toBe('1e+06');
    expect(formatCFloat(spec('#'), 'g', 1)).toBe('1.00000');
    expect(formatCFloat(spec('', 0, 99), 'g', 0.1)).toBe(
      '0.1000000000000000055511151231257827021181583404541015625',
    );
  });

  test('signs, zero padding, and inf/nan padded with spaces even under 0', () => {
    expect(formatCFloat(spec('0', 8, 2), 'f', -1.5)).toBe('-0001.50');
    expect(formatCFloat(spec('+'), 'e', 0)).toBe('+0.000000e+00');
    expect(formatCFloat(spec(''), 'f', -0)).toBe('-0.000000');
    expect(formatCFloat(spec('0', 6), 'f', Infinity)).toBe('   inf');
    expect(formatCFloat(spec(''), 'G', DEFAULT_NAN)).toBe('-NAN');
    expect(formatCFloat(spec(' '), 'g', NaN)).toBe(' nan');
  });
});

describe('formatCInteger', () => {
  test('precision, the # forms and zero padding', () => {
    expect(formatCInteger(spec('', 0, 0), 'd', 0n)).toBe('');
    expect(formatCInteger(spec('#', 0, 0), 'o', 0n)).toBe('0');
    expect(formatCInteger(spec('#'), 'x', 0n)).toBe('0');
    expect(formatCInteger(spec('#'), 'X', 255n)).toBe('0XFF');
    expect(formatCInteger(spec('0', 6), 'd', -42n)).toBe('-00042');
    expect(formatCInteger(spec('0', 6, 3), 'd', 42n)).toBe('   042'); // a precision turns '0' off
    expect(formatCInteger(spec('-+', 5), 'i', 7n)).toBe('+7   ');
  });
});
