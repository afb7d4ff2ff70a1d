import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scenarioArb } from './arbitraries.ts';
import { compareScenario, describeMismatch } from './compare.ts';
import { DB, NUM_RUNS, SEED } from '@batch-lease/redis-sim/differential/config.ts';
import { openHarness } from './harness.ts';

let h: Awaited<ReturnType<typeof openHarness>>;
beforeAll(async () => {
  h = await openHarness(DB.differential);
});
afterAll(async () => {
  await h?.real.quit();
});

describe('the simulator against a real redis-server', () => {
  test(`${NUM_RUNS} generated scenarios: same reply, same whole keyspace`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        runs++;
        const outcome = await compareScenario(h, s);
        if (!outcome.match) throw new Error(describeMismatch(s, outcome));
      }),
      { seed: SEED, numRuns: NUM_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
  }, 600_000);
});
