import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createServer } from '@batch-lease/redis-sim';
import { formatCliOutput, type Reply } from '@batch-lease/redis-sim/client';
import { CopyStore, MAX_KEPT_COPIES } from './copy-store.ts';
import { cliTextLength, COPY_PART_CHARS, copyParts } from './copy-text.ts';
import { ConsoleSession, type LogLine } from './session.ts';

/** Replies of every kind redis-cli prints, nested, with strings that quote to more than themselves. */
const replyArb: fc.Arbitrary<Reply> = fc.letrec<{ reply: Reply }>((tie) => ({
  reply: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.integer(),
    fc.bigInt({ min: 2n ** 60n, max: 2n ** 63n - 1n }),
    fc.constant(null),
    fc.constant({ nilArray: true as const }),
    fc.string({ maxLength: 12 }).map((error) => ({ error })),
    fc.string({ maxLength: 12 }).map((status) => ({ status })),
    fc.array(tie('reply'), { maxLength: 12 }),
  ),
})).reply;

describe("a cut reply's copy, made only when asked for", () => {
  test("its measured length and its parts are redis-cli's text of it, for any reply", () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        const text = formatCliOutput(['GET', 'k'], reply);
        expect(cliTextLength(reply, Infinity)).toBe(text.length);
        expect(copyParts([{ reply }]).join('')).toBe(text);
      }),
      { seed: 20_261_205, numRuns: 500 },
    );
  });

  test('measuring stops once past its limit, and parts hold whole lines', () => {
    const big = Array.from({ length: 300_000 }, (_, i) => i);
    expect(cliTextLength(big, 100)).toBeGreaterThan(100);
    expect(cliTextLength(big, 100)).toBeLessThan(200);
    const parts = copyParts([{ reply: big }]);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts.slice(0, -1)) {
      expect(part.length).toBeGreaterThanOrEqual(COPY_PART_CHARS);
      expect(part.endsWith('\n')).toBe(true);
    }
    expect(parts.join('')).toBe(formatCliOutput(['LRANGE'], big));
  });
});

/** A line whose reply the console cuts: 10,001 lines. */
const CUT = 'EVAL "local t = {} for i = 1, 10001 do t[i] = i end return t" 0';

const cutNoteOf = (s: ConsoleSession, line: string): LogLine =>
  s.run(line).lines.find((l) => l.copy !== undefined)!;

describe('the cut replies a console keeps to copy', () => {
  test(`the last ${MAX_KEPT_COPIES} are kept; an older one is said to be dropped`, () => {
    const s = new ConsoleSession(createServer(), 'default', undefined, new CopyStore(3));
    const notes = Array.from({ length: MAX_KEPT_COPIES + 1 }, () => cutNoteOf(s, CUT));
    expect(notes[0]!.copy).toEqual({ generation: 3, id: 1 });
    expect(s.copies.text(notes[0]!.copy!)).toEqual({ gone: 'dropped' });
    for (const note of notes.slice(1)) {
      const text = s.copies.text(note.copy!);
      expect('parts' in text && text.parts.join('').split('\n')).toHaveLength(10_002);
    }
  });

  test("a copy asked of another connection's store is said to be replaced", () => {
    const first = new ConsoleSession(createServer(), 'default', undefined, new CopyStore(1));
    const note = cutNoteOf(first, CUT);
    const next = new ConsoleSession(createServer(), 'default', undefined, new CopyStore(2));
    cutNoteOf(next, CUT);
    expect(next.copies.text(note.copy!)).toEqual({ gone: 'replaced' });
  });

  test('a repeated raw reply (INFO) and arrays together copy as redis-cli prints them', () => {
    const s = new ConsoleSession(createServer());
    s.run("EVAL \"for i = 1, 10001 do redis.call('RPUSH', 'l', i) end\" 0");
    const r = s.run('2 LRANGE l 0 -1');
    const note = r.lines.find((l) => l.copy !== undefined)!;
    expect(note.text).toBe('20,002 lines; showing the first 10,000');
    const text = s.copies.text(note.copy!);
    const list = Array.from({ length: 10_001 }, (_, i) => String(i + 1));
    expect('parts' in text && text.parts.join('')).toBe(
      formatCliOutput(['LRANGE'], list).repeat(2),
    );
  });
});
