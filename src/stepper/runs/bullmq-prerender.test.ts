/**
 * The BullMQ part's runs are made when the site is built (`virtual:bullmq-runs`) and read back
 * on the page, which no longer runs the simulator for them: one semantics only if what the page
 * reads is the simulator's own run. So each built run equals a direct run of the simulator on
 * its scenario, step for step (BullMQ's extendLocks, and EchoMQ's reply in the compare view),
 * and any BullMQ run, on generated scenarios, comes back from its JSON form unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from 'virtual:bullmq-runs';
import { BULLMQ_SCENARIO_IDS } from '../../../content/bullmq.ts';
import { bullmqScenario } from '../../scenario/index.ts';
import { runBullmq, type BullmqRun } from './bullmq-run.ts';
import { bullmqRunFromJSON, bullmqRunToJSON } from './bullmq-run-json.ts';
import { scenarioArb } from './generated-scripts.test-helper.ts';
import { createSimTraceSource } from './trace-source.ts';

const SEED = 20_251_204;

/** `a` is `b`, step for step, and in everything else a run holds. */
function expectSameRun(a: BullmqRun, b: BullmqRun): void {
  expect([...a.run.steps]).toStrictEqual([...b.run.steps]);
  expect({ ...a.run, steps: null }).toStrictEqual({ ...b.run, steps: null });
  expect({ ...a, run: null }).toStrictEqual({ ...b, run: null });
}

describe('the BullMQ part’s runs, made by the build', () => {
  it('are the simulator’s own runs on each scenario, step for step', () => {
    expect(Object.keys(runs).sort()).toEqual([...BULLMQ_SCENARIO_IDS].sort());
    for (const id of BULLMQ_SCENARIO_IDS) {
      const scenario = bullmqScenario(id);
      expectSameRun(bullmqRunFromJSON(runs[id].bullmq), runBullmq(scenario));
      const echo = createSimTraceSource()(scenario, 'script');
      if (echo.status !== 'ready') throw new Error(`EchoMQ's run on ${id}: ${echo.reason}`);
      expect(runs[id].echoReply).toStrictEqual(echo.reply);
    }
  });

  it('lose nothing in their JSON form, on generated scenarios', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const run = runBullmq(s);
        expectSameRun(bullmqRunFromJSON(JSON.parse(JSON.stringify(bullmqRunToJSON(run)))), run);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
