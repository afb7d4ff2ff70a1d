import { describe, expect, test } from 'vitest';
import { decodeSharedHash, decodeSharedValue, encodeShared, withShared } from './share.ts';

/** A `console=` value made by hand, as a crafted link would carry it. */
const made = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64url');

describe('the marker of a link whose replay reached a limit', () => {
  const lines = ['SET a 1', 'EVAL "while true do end" 0', 'SET a 2'];

  test('travels with the lines (written, read back, kept beside the stepper’s state); absent, none', () => {
    const hash = withShared('#stepper?preset=default&k=2', { step: 2, lines, limitAt: 1 });
    expect(decodeSharedHash(hash)).toEqual({ step: 2, lines, limitAt: 1 });
    expect(decodeSharedValue(made([2, lines, 1]))).toEqual({ step: 2, lines, limitAt: 1 });
    // absent: the lines replay as before, and a link without one writes none
    expect(decodeSharedValue(made([0, lines]))).toEqual({ step: 0, lines });
    const { value } = encodeShared({ step: 0, lines });
    expect(JSON.parse(Buffer.from(value, 'base64url').toString())).toEqual([0, lines]);
  });

  test('stays on its line when lines before it are left out, and goes with its line', () => {
    // a password line before it never enters the link: the marker counts past it
    const withPassword = ['AUTH s3cret', ...lines];
    const { value } = encodeShared({ step: 0, lines: withPassword, limitAt: 2 });
    expect(decodeSharedValue(value)).toEqual({ step: 0, lines, limitAt: 1 });
    // the oldest lines dropped to fit the link: still the same line
    const many = [...Array.from({ length: 60 }, (_, i) => `SET k${i} 1`), ...lines];
    const fit = encodeShared({ step: 0, lines: many, limitAt: 61 });
    const read = decodeSharedValue(fit.value)!;
    expect(read.lines[read.limitAt!]).toBe(lines[1]);
    // its own line dropped: no marker left
    const gone = encodeShared({ step: 0, lines: many, limitAt: 3 });
    expect(decodeSharedValue(gone.value)).not.toHaveProperty('limitAt');
  });

  test('a hand-made marker that names no line is ignored: the lines read as an unmarked link', () => {
    for (const marker of [-1, 3, 99, 1.5, '1', null, true, [1], { at: 1 }, 1e308]) {
      expect(decodeSharedValue(made([0, lines, marker]))).toEqual({ step: 0, lines });
    }
    // a hand-made link longer than a link carries: the marker counts from its cut, as the lines do
    const long = Array.from({ length: 55 }, (_, i) => `GET k${i}`);
    expect(decodeSharedValue(made([0, long, 2]))).toEqual({ step: 0, lines: long.slice(-50) });
    expect(decodeSharedValue(made([0, long, 54]))).toEqual({
      step: 0,
      lines: long.slice(-50),
      limitAt: 49,
    });
    // more than a marker: the value is not a link's, as before
    expect(decodeSharedValue(made([0, lines, 1, 'more']))).toBeNull();
    expect(decodeSharedValue(made([0, [1, 2], 0]))).toBeNull();
  });
});
