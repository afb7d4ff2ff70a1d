/**
 * Every panel of the stepper tells the story of one run. On every preset × executor × variant
 * (and on generated edits of the presets), at the last step: the members table's verdicts, the
 * failed list, the redis-cli reply, the Elixir verb's answer and the keyspace agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderOutcome } from '@batch-lease/echomq';
import { PRESETS } from '../../scenario/presets.ts';
import type { Executor, Scenario } from '../../scenario/types.ts';
import { EXECUTORS } from '../../vocabulary/index.ts';
import { formatRedisCli } from '../words/format.ts';
import { verdictWords } from '../words/verdict-words.ts';
import { panelWords } from '../../../content/panels.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { keyspaceAt, selectFailed, selectMemberState, selectReply } from './selectors.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';
import { scriptText } from '../machine/stepperMachine.ts';
import { VARIANTS, type Variant } from '../what-ifs/variants.ts';

const SEED = 20_261_201;
const source = createSimTraceSource();

/** The panels at the last step, as the stepper derives them, and what each claims. */
function panelsAgree(scenario: Scenario, executor: Executor, variant: Variant): void {
  const run = source(scenario, executor, scriptText(variant, null));
  if (run.status !== 'ready') return;
  const ix = buildRunIndex(run);
  const k = ix.n;
  const reply = selectReply(ix, k)!;
  const failed = selectFailed(ix, k);
  const states = ix.members.map((m) => selectMemberState(ix, k, m.member));
  const view = keyspaceAt(ix, k);
  const initial = run.initial.active;

  // members: a "failed" verdict is exactly a failed-list entry, in order
  expect(ix.members.filter((_, i) => states[i]!.verdict === 'failed').map((m) => m.id)).toEqual(
    failed,
  );
  // keyspace: a member reads "re-scored" only if active holds it at its new score; a member that
  // does not read "re-scored" still has the score it started with
  for (const [i, m] of ix.members.entries()) {
    const st = states[i]!;
    const alone = !ix.members.some((o, j) => j !== i && o.id === m.id);
    if (st.verdict === 'rescored') expect(view.active.get(m.id)).toBe(m.score);
    else if (alone) expect(view.active.get(m.id)).toBe(initial.get(m.id));
    // and its cell says what the ZADD did: extended a lease that was in active, or (with the
    // membership guard dropped) resurrected one still waiting in pending, or made one anew
    if (st.verdict === 'rescored' && alone && !st.refused) {
      const V = panelWords.verdicts;
      expect(verdictWords(st)).toBe(
        initial.has(m.id) ? V.rescored : view.pending.includes(m.id) ? V.resurrected : V.madeAnew,
      );
    }
  }
  if (Array.isArray(reply)) {
    // the reply is the failed list, and redis-cli prints that list
    expect(reply).toEqual(failed);
    expect(formatRedisCli(reply)).toBe(formatRedisCli([...failed]));
    // the verb answers {:ok, failed} for the same list
    if (run.verbPassesReply) expect(run.verbAnswer.startsWith('{:ok, ')).toBe(true);
    if (run.verbAnswer.startsWith('{:ok, ')) {
      expect(run.verbAnswer).toBe(renderOutcome({ kind: 'ok-failed', failed: [...failed] }));
    }
  } else if (reply !== null && typeof reply === 'object' && 'error' in reply) {
    // an error reply: the verb passes it through, and a native refusal wrote nothing at all
    if (run.verbPassesReply) expect(run.verbAnswer).toContain(reply.error.split(' ')[0]);
    if (executor === 'native') {
      expect([...view.active]).toEqual([...initial]);
      expect(states.every((st) => st.refused && st.verdict !== 'rescored')).toBe(true);
    }
  }
}

describe('every panel comes from one run', () => {
  const combos = PRESETS.flatMap((p) =>
    EXECUTORS.flatMap((x) => VARIANTS.map((v) => [p.id, x, v] as const)),
  );
  it.each(combos)('%s on %s, %s', (preset, executor, variant) => {
    panelsAgree(PRESETS.find((p) => p.id === preset)!.build(), executor, variant);
  });

  it('holds on generated edits of the presets (fixed seed)', () => {
    const small = PRESETS.filter((p) => p.id !== 'thousand');
    fc.assert(
      fc.property(
        fc.constantFrom(...small),
        fc.constantFrom(...EXECUTORS),
        fc.constantFrom(...VARIANTS),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
        fc.array(fc.constantFrom('active', 'pending', 'neither'), { maxLength: 4 }),
        (preset, executor, variant, tokens, places) => {
          const s = preset.build();
          const scenario: Scenario = {
            ...s,
            held: s.held.map((h, i) => ({ ...h, token: tokens[i] ?? h.token })),
            jobs: s.jobs.map((j, i) => ({ ...j, place: places[i] ?? j.place })),
          };
          panelsAgree(scenario, executor, variant);
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });
});
