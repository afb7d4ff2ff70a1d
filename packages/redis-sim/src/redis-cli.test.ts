import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textOfBytes } from './byte-text.ts';
import {
  cliLineCount,
  eachCliLine,
  formatCliCommand,
  formatCliReply,
  LongBulkLines,
  quoteBulk,
  quoteBulkStart,
  quotedLength,
} from './redis-cli.ts';
import type { Reply } from './trace-types.ts';

const SEED = 20261205;

/** Any reply, nested a few deep, its strings any bytes, its statuses and errors with newlines. */
const replyArb: fc.Arbitrary<Reply> = fc.letrec<{ reply: Reply }>((tie) => ({
  reply: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.uint8Array({ maxLength: 12 }).map(textOfBytes),
    fc.integer(),
    fc.bigInt(),
    fc.constant(null),
    fc.constant({ nilArray: true as const }),
    fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r') }).map((status) => ({ status })),
    fc.string({ unit: fc.constantFrom('E', ' ', '\n') }).map((error) => ({ error })),
    fc.array(tie('reply'), { maxLength: 12 }),
  ),
})).reply;

describe('redis-cli formatting', () => {
  it('prints each reply type as redis-cli 7 does', () => {
    expect(formatCliReply(1)).toBe('(integer) 1');
    expect(formatCliReply(null)).toBe('(nil)');
    expect(formatCliReply([])).toBe('(empty array)');
    expect(formatCliReply({ error: 'MYERR the token does not match the row' })).toBe(
      '(error) MYERR the token does not match the row',
    );
    expect(formatCliReply(['A', 'B'])).toBe('1) "A"\n2) "B"');
  });

  it('pads the numbers of a long array and indents nested ones under their label', () => {
    const ten = Array.from({ length: 10 }, (_, n) => String(n));
    expect(formatCliReply(ten).split('\n')[0]).toBe(' 1) "0"');
    expect(formatCliReply(ten).split('\n')[9]).toBe('10) "9"');
    expect(formatCliReply([['x', 'y']])).toBe('1) 1) "x"\n   2) "y"');
  });

  it('quotes bulk strings with sdscatrepr escapes, byte by byte', () => {
    expect(quoteBulk('a"b\\c\n')).toBe('"a\\"b\\\\c\\n"');
    expect(quoteBulk('é')).toBe('"\\xc3\\xa9"');
    expect(quoteBulk('JOB 1')).toBe('"JOB 1"');
  });

  it('quotes only the command arguments that need it', () => {
    expect(formatCliCommand(['MY.CMD', '2', 'my:{q}:active', 'JOB 1'])).toBe(
      'MY.CMD 2 my:{q}:active "JOB 1"',
    );
  });

  it('hands out a reply a line at a time, as its whole text has them, and counts them without it', () => {
    fc.assert(
      fc.property(replyArb, (reply) => {
        const lines: string[] = [];
        eachCliLine(reply, (head, leaf) => lines.push(head + formatCliReply(leaf)) > 0);
        const whole = formatCliReply(reply);
        expect(lines.join('\n')).toBe(whole);
        expect(cliLineCount(reply)).toBe(whole.split(/\r?\n/).length);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('stops handing out lines when told', () => {
    const heads: string[] = [];
    eachCliLine([['a', 'b'], 'c'], (head) => heads.push(head) < 2);
    expect(heads).toEqual(['1) 1) ', '   2) ']);
  });

  it('measures and starts a quoted string without quoting it whole', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.nat(60), (bytes, max) => {
        const s = textOfBytes(bytes);
        expect(quotedLength(s)).toBe(quoteBulk(s).length);
        expect(quoteBulkStart(s, max)).toBe(quoteBulk(s).slice(0, max));
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // a character beyond the BMP is quoted as its four UTF-8 bytes
    expect(quoteBulkStart('a\u{1f600}b', 6)).toBe('"a\\xf0');
  });

  it('prints a long string’s line past its cut and measures it whole, a string named again too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 40 }), { minLength: 1, maxLength: 4 }),
        fc.nat(30),
        (strings, max) => {
          const lines = new LongBulkLines(max);
          // each string twice over, as a table naming one string again would
          for (const s of strings.map(textOfBytes).flatMap((s) => [s, s])) {
            const whole = `1) ${quoteBulk(s)}`;
            expect(lines.line('1) ', s)).toEqual({
              start: whole.slice(0, 3 + max + 1),
              length: whole.length,
            });
          }
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });
});
