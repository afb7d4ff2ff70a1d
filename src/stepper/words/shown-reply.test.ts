import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCliReply, textOfBytes } from '@batch-lease/redis-sim/client';
import { cutLine, cutText } from '../../content/shown-cut.ts';
import type { Reply } from '../runs/trace-source.ts';
import { replyOnOneLine, shownReply } from './shown-reply.ts';

/** A reply's leaves: short strings of any bytes, long ones past a shown line, numbers, lines. */
const leaf: fc.Arbitrary<Reply> = fc.oneof(
  fc.uint8Array({ maxLength: 6 }).map(textOfBytes),
  fc
    .tuple(fc.constantFrom('x', 'é', '\n', '"'), fc.integer({ min: 2_000, max: 12_000 }))
    .map(([c, n]) => c.repeat(n)),
  fc.integer(),
  fc.constant(null),
  fc.string({ unit: fc.constantFrom('a', '\n') }).map((status) => ({ status })),
  fc.string({ unit: fc.constantFrom('E', '\n') }).map((error) => ({ error })),
);
const replyArb: fc.Arbitrary<Reply> = fc.letrec<{ reply: Reply }>((tie) => ({
  reply: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('reply'), { maxLength: 8 })),
})).reply;

describe('a reply as a panel shows it', () => {
  it('its first lines, cut, and the count of the rest are those of the whole text', () => {
    fc.assert(
      fc.property(replyArb, fc.integer({ min: 1, max: 12 }), (reply, max) => {
        const { lines, cut } = shownReply(reply, max);
        const whole = cutText(formatCliReply(reply), max);
        expect(lines.join('\n')).toBe(whole.text);
        expect(cut).toEqual(whole.cut);
        const line = formatCliReply(reply).replace(/\n/g, ' ');
        expect(cutLine(replyOnOneLine(reply))).toBe(cutLine(line));
        expect(cutLine(`line 3: GET k → ${replyOnOneLine(reply)}`)).toBe(
          cutLine(`line 3: GET k → ${line}`),
        );
      }),
      { seed: 20261205, numRuns: 200 },
    );
  });

  it('a table naming a megabyte string 200,000 times: the lines shown, the rest counted', () => {
    const s = 'x'.repeat(1_000_000);
    const reply = Array.from({ length: 200_000 }, () => s);
    const { lines, cut } = shownReply(reply, 1_000);
    expect(lines).toHaveLength(1_000);
    expect(lines[0]).toBe(`     1) "${'x'.repeat(9_991)}…`);
    expect(lines[999]).toBe(`  1000) "${'x'.repeat(9_991)}…`);
    expect(cut).toEqual({ total: 200_000, shown: 1_000, longest: 1_000_010 });
    expect(cutLine(replyOnOneLine(reply))).toBe(`     1) "${'x'.repeat(9_991)}…`);
  });
});
