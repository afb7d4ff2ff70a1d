import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  exactAcos,
  exactAsin,
  exactAtan,
  exactAtan2,
  exactCos,
  exactExp,
  exactLog,
  exactPowMagnitude,
  exactSin,
  exactTan,
} from './libm-exact.ts';

describe('exactExp and exactLog (correctly rounded)', () => {
  test('known values, including subnormal and overflow edges', () => {
    expect(exactExp(1)).toBe(Math.E);
    expect(exactExp(0)).toBe(1);
    expect(exactExp(-745.1)).toBe(5e-324);
    expect(exactExp(-746)).toBe(0);
    expect(exactExp(709.782712893384)).toBe(1.7976931348622732e308);
    expect(exactExp(710)).toBe(Infinity);
    expect(exactLog(2)).toBe(Math.LN2);
    expect(exactLog(10)).toBe(Math.LN10);
    expect(exactLog(5e-324)).toBe(-744.4400719213812);
    expect(exactLog(Number.MAX_VALUE)).toBe(709.782712893384);
    // 60-digit decimals put ln(x) at 0.2090943763488562618…: …628 is the nearer double
    expect(exactLog(1.2325613176781842)).toBe(0.20909437634885628);
  });

  test('log(exp(x)) comes back to x, as far as exp(x) keeps its bits', () => {
    fc.assert(
      fc.property(fc.double({ min: -700, max: 700, noNaN: true }), (x) => {
        // below 1e-6, exp(x) keeps too few of x's bits for the way back to be close
        if (Math.abs(x) < 1e-6) return;
        const back = exactLog(exactExp(x));
        expect(Math.abs(back - x)).toBeLessThanOrEqual(Math.abs(x) * 1e-9 + 2 * Number.EPSILON);
      }),
      { seed: 45, numRuns: 200 },
    );
  });

  test('pow: exact powers stay exact, ties round to even, the rest correctly rounded', () => {
    expect(exactPowMagnitude(2, 10)).toBe(1024);
    expect(exactPowMagnitude(10, -5)).toBe(1e-5); // Math.pow(10, -5) is 9.999999999999999e-6
    expect(exactPowMagnitude(4, 0.5)).toBe(2);
    expect(exactPowMagnitude(2, -1074)).toBe(5e-324);
    expect(exactPowMagnitude(2, 1024)).toBe(Infinity);
    // 222537^3 = 11020636732608153 lies halfway between two doubles: to even
    expect(exactPowMagnitude(222537, 3)).toBe(11020636732608152);
    expect(exactPowMagnitude(-3, 3)).toBe(27); // the sign is the caller's
  });

  test('sin, cos, tan: huge arguments reduced exactly, quadrants and signs', () => {
    expect(exactSin(Math.PI)).toBe(1.2246467991473532e-16);
    expect(exactCos(Math.PI)).toBe(-1);
    expect(exactSin(-Math.PI / 2)).toBe(-1);
    expect(exactTan(Math.PI / 4)).toBe(0.9999999999999999);
    expect(exactSin(1e22)).toBe(-0.8522008497671888); // the classic hard reduction
    expect(exactSin(1e-300)).toBe(1e-300);
    expect(exactCos(1e-300)).toBe(1);
    // mpmath at 400 bits: sin(-82010) = -0.95692580463340420890…, nearer …415 than …426
    expect(exactSin(-82010)).toBe(-0.95692580463340415);
  });

  test('atan, atan2, asin, acos: quadrants and the ends of their domains', () => {
    expect(exactAtan(1)).toBe(Math.PI / 4);
    expect(exactAtan(-1e300)).toBe(-Math.PI / 2);
    expect(exactAtan2(1, -1)).toBe((3 * Math.PI) / 4);
    expect(exactAtan2(-1e-300, -1)).toBe(-Math.PI);
    expect(exactAtan2(7, 100)).toBe(0.0698860016346425); // as glibc; the JS engine's shows …643 at %.14g
    expect(exactAsin(1)).toBe(Math.PI / 2);
    expect(exactAsin(-0.5)).toBe(-0.5235987755982989);
    expect(exactAcos(-1)).toBe(Math.PI);
    expect(exactAcos(1)).toBe(0);
    expect(exactAcos(0)).toBe(Math.PI / 2);
  });
});
