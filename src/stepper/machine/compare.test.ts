/**
 * The compare view's reply row shows what the whole reply's text showed, cut as a panel cuts it,
 * without formatting the whole (a learner's script may reply a hundred thousand lines), and
 * marks the row as differing exactly when the whole texts differ.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText } from '../../content/shown-cut.ts';
import { PRESETS } from '../../scenario/presets.ts';
import { formatRedisCli } from '../words/format.ts';
import { sameReplyText } from '../words/same-reply-text.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { createSimTraceSource, type Reply } from '../runs/trace-source.ts';
import { selectReply } from '../views/selectors.ts';
import { compareFinal } from './compare.ts';

const SEED = 20_261_205;
const source = createSimTraceSource();
const scenario = PRESETS[0]!.build();

/** A Lua string literal of `s`'s bytes, each a decimal escape, so any byte reads back as is. */
const luaString = (s: string) =>
  `"${[...new TextEncoder().encode(s)].map((b) => `\\${b}`).join('')}"`;

/** A Lua expression whose reply is a tree of the shapes a reply can take, long strings too. */
const luaValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: -1_000, max: 1_000 }).map(String),
    fc.string({ unit: fc.constantFrom('a', 'é', '\n', '"', '\\'), maxLength: 5 }).map(luaString),
    fc.integer({ min: 2_000, max: 12_000 }).map((n) => `string.rep('x', ${n})`),
    fc.constant('false'),
    fc.string({ unit: fc.constantFrom('a', ' '), maxLength: 4 }).map((t) => `{ok=${luaString(t)}}`),
    fc
      .string({ unit: fc.constantFrom('E', 'R'), maxLength: 4 })
      .map((t) => `{err=${luaString(t)}}`),
    fc.array(tie('value'), { maxLength: 6 }).map((items) => `{${items.join(', ')}}`),
  ),
})).value;

describe('the compare view’s reply row', () => {
  it('shows the whole text’s first lines, each cut, and the cut, for a script’s any reply', () => {
    const native = buildRunIndex(
      (() => {
        const run = source(scenario, 'native', null);
        if (run.status !== 'ready') throw new Error('the native run is unavailable');
        return run;
      })(),
    );
    fc.assert(
      fc.property(luaValue, fc.integer({ min: 1, max: 12 }), (value, max) => {
        const run = source(scenario, 'script', `return ${value}`);
        if (run.status !== 'ready') throw new Error(`unavailable: ${value}`);
        const script = buildRunIndex(run);
        const [row] = compareFinal(script, native, scenario, 40, max);
        const reply = selectReply(script, script.n);
        const whole = cutText(formatRedisCli(reply), max);
        expect(row!.script).toBe(whole.text);
        expect(row!.replies?.script?.cut).toEqual(whole.cut);
        expect(row!.native).toBe(cutText(formatRedisCli(selectReply(native, native.n)), max).text);
        expect(row!.differs).toBe(
          formatRedisCli(reply) !== formatRedisCli(selectReply(native, native.n)),
        );
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

/** A reply's leaves, with the near-misses whose texts agree though the replies do not. */
const leaf: fc.Arbitrary<Reply> = fc.oneof(
  fc.constantFrom<Reply>('a', '1', '', '(nil)', 'x'.repeat(11_000), null),
  fc.constantFrom(0, 1, -1),
  fc.constantFrom<Reply>(
    { status: 'a' },
    { status: '"a"' },
    { status: '(integer) 1' },
    { status: '1) a' },
    { status: 'a\n2) a' },
    { error: 'E' },
    { status: '(error) E' },
    { nilArray: true },
  ),
);
const replyArb: fc.Arbitrary<Reply> = fc.letrec<{ reply: Reply }>((tie) => ({
  reply: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('reply'), { maxLength: 4 })),
})).reply;

describe('sameReplyText', () => {
  it('says two replies agree exactly when their whole texts do', () => {
    fc.assert(
      fc.property(replyArb, replyArb, fc.boolean(), (a, b, twin) => {
        // half the pairs a reply and a copy of it, so agreeing pairs are tried as often
        const other = twin ? (structuredClone(a) as Reply) : b;
        expect(sameReplyText(a, other)).toBe(formatRedisCli(a) === formatRedisCli(other));
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});
