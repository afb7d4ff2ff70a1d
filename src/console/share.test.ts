import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MAX_SHARED_CHARS,
  MAX_SHARED_LINES,
  decodeSharedHash,
  decodeSharedValue,
  encodeShared,
  withShared,
  type SharedConsole,
} from './share.ts';
import { isSensitive } from './sensitive.ts';

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

describe('the lines a link keeps', () => {
  /** What the value was before its length was counted: re-encoded for each line left out. */
  function byEncoding(shared: SharedConsole) {
    const kept = shared.lines
      .map((line, i) => ({ line, at: i === shared.limitAt }))
      .filter((l) => !isSensitive(l.line));
    let lines = kept.slice(-MAX_SHARED_LINES);
    const valueOf = () => {
      const at = lines.findIndex((l) => l.at);
      const texts = lines.map((l) => l.line);
      const tail = at === -1 ? [] : shared.stopped ? [at, 'stopped'] : [at];
      return Buffer.from(JSON.stringify([shared.step, texts, ...tail])).toString('base64url');
    };
    let value = valueOf();
    while (value.length > MAX_SHARED_CHARS && lines.length > 0) {
      lines = lines.slice(1);
      value = valueOf();
    }
    return { value, dropped: shared.lines.length - lines.length };
  }

  test('are the most recent that fit, the same whether they are counted or encoded', () => {
    const line = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.nat(6_000).map((n) => `SET k ${'v'.repeat(n)}`),
      fc.constant('AUTH s3cret'),
    );
    fc.assert(
      fc.property(
        fc.nat(1_000),
        fc.array(line, { maxLength: 70 }),
        fc.option(fc.nat(70)),
        fc.boolean(),
        (step, lines, limitAt, stopped) => {
          const shared: SharedConsole = { step, lines, stopped };
          if (limitAt !== null) shared.limitAt = limitAt;
          expect(encodeShared(shared)).toEqual(byEncoding(shared));
        },
      ),
      { seed: 20261205, numRuns: 500 },
    );
  });
});
