/**
 * The narration is read on every step, and spoken as a live region: a long list in it (the
 * failed list of a thousand-lease run, a long reply) shows its last few items after a note of
 * how many came before, so the step itself stays in view. Short lists read whole, as before.
 */
import { describe, expect, it } from 'vitest';
import { presetById } from '../../scenario/presets.ts';
import { fill } from '../../content/template.ts';
import { narrate, NARRATION_ARGS_SHOWN, NARRATION_LIST_SHOWN } from './narration.ts';
import { failedAfterSays, returnsSays, W } from './narration.test-helper.ts';
import { cutList, elixirString, formatList } from './format.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { selectFailed, selectStep } from '../views/selectors.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';

const source = createSimTraceSource();
const earlierSays = (count: number) => fill(W.earlier, { count });

describe('long lists in the narration', () => {
  const run = source(presetById('thousand').build(), 'script');
  if (run.status !== 'ready') throw new Error('no run of the thousand preset');
  const ix = buildRunIndex(run);

  it('shows the last few failed ids after a count of the earlier ones, on every step', () => {
    let long = 0;
    for (let k = 1; k <= ix.n; k++) {
      const { failed } = narrate(ix, k);
      if (failed === null) continue;
      const ids = selectFailed(ix, k);
      const member = ix.members[selectStep(ix, k)!.group!]!.member + 1;
      if (ids.length <= NARRATION_LIST_SHOWN) {
        expect(failed).toBe(failedAfterSays(member, formatList(ids)));
        continue;
      }
      long++;
      const last = ids.slice(-NARRATION_LIST_SHOWN).map(elixirString);
      const shown = `[${[earlierSays(ids.length - NARRATION_LIST_SHOWN), ...last].join(', ')}]`;
      expect(failed).toBe(failedAfterSays(member, shown));
    }
    // the run fails about a hundred ids: the failed line is told after each member's verdict,
    // and on most of those steps the list is past its fifth id
    expect(long).toBeGreaterThan(1000);
  });

  it('keeps every step’s words short, the last step’s reply included', () => {
    const longest = Math.max(
      ...Array.from({ length: ix.n + 1 }, (_, k) => {
        const n = narrate(ix, k);
        return (n.member?.length ?? 0) + (n.failed?.length ?? 0) + n.detail.length;
      }),
    );
    expect(longest).toBeLessThan(400);
    const reply = run.reply as string[];
    expect(reply.length).toBeGreaterThan(NARRATION_LIST_SHOWN);
    const tail = reply.slice(-NARRATION_LIST_SHOWN).map((id) => `"${id}"`);
    expect(narrate(ix, ix.n).detail).toBe(
      returnsSays(`[${[earlierSays(reply.length - NARRATION_LIST_SHOWN), ...tail].join(', ')}]`),
    );
  });
});

describe('a command sent with many arguments', () => {
  it('is told by its first words and a count of the rest; a short one whole', () => {
    const script = [
      'local t = {}',
      'for j = 1, 40 do t[j] = tostring(j) end',
      "redis.call('HSET', KEYS[2] .. 'many', unpack(t))",
      "redis.call('HSET', KEYS[2] .. 'few', 'a', 'b')",
      'return 1',
    ].join('\n');
    const run = source(presetById('default').build(), 'script', script);
    if (run.status !== 'ready') throw new Error(run.status);
    const ix = buildRunIndex(run);
    const said = (key: string) => {
      const k = run.steps.findIndex(
        (st) => st.event.kind === 'command' && st.event.args[1]?.endsWith(key),
      );
      expect(k).toBeGreaterThanOrEqual(0);
      return narrate(ix, k + 1).detail;
    };
    const words = ['HSET', 'emq:{q}:many', ...Array.from({ length: 40 }, (_, j) => String(j + 1))];
    const cut = NARRATION_ARGS_SHOWN;
    expect(said('many')).toBe(
      fill(W.detail.command, {
        command: `${words.slice(0, cut).join(' ')} ${fill(W.more, { count: words.length - cut })}`,
        reply: '20',
      }),
    );
    expect(said('few')).toBe(
      fill(W.detail.command, { command: 'HSET emq:{q}:few a b', reply: '1' }),
    );
  });
});

describe('cutList and formatList', () => {
  const note = (count: number) => `… ${count} earlier`;
  it('keeps a list of at most `shown` items whole', () => {
    expect(cutList(['a', 'b'], 2, (x) => x, note, 'last')).toEqual(['a', 'b']);
    expect(formatList([])).toBe('[]');
  });
  it('shows the last `shown` items after the count of the ones before', () => {
    expect(cutList(['a', 'b', 'c', 'd'], 2, (x) => x.toUpperCase(), note, 'last')).toEqual([
      '… 2 earlier',
      'C',
      'D',
    ]);
  });
  it('keeping the first, shows the first `shown` items and then the count of the rest', () => {
    const more = (count: number) => `… ${count} more`;
    expect(cutList(['a', 'b'], 2, (x) => x, more, 'first')).toEqual(['a', 'b']);
    expect(cutList(['a', 'b', 'c', 'd'], 2, (x) => x, more, 'first')).toEqual([
      'a',
      'b',
      '… 2 more',
    ]);
  });
  it('quotes every id shown as iex does, before and after the cut', () => {
    const ids = ['#{a}', 'b"c', 'd', '#{e}'];
    expect(formatList(ids)).toBe(`[${ids.map(elixirString).join(', ')}]`);
    expect(formatList(ids, 2, note)).toBe(
      `[… 2 earlier, ${elixirString('d')}, ${elixirString('#{e}')}]`,
    );
    // each id as iex quotes it, isolated (FSI … PDI: a <bdi> on the page)
    expect(elixirString('#{e}')).toBe('\u2068"\\#{e}"\u2069');
  });
});
