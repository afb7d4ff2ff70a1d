import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compareScenario, describeMismatch } from './compare.ts';
import { DB } from '@batch-lease/redis-sim/differential/config.ts';
import { openHarness } from './harness.ts';
import { REGRESSIONS } from './regression-cases.ts';

let h: Awaited<ReturnType<typeof openHarness>>;
beforeAll(async () => {
  h = await openHarness(DB.regressions);
});
afterAll(async () => {
  await h?.real.quit();
});

describe('named regression scenarios, real server against the simulator', () => {
  test.each(REGRESSIONS)('$name', async ({ scenario }) => {
    const outcome = await compareScenario(h, scenario);
    expect(outcome.match, describeMismatch(scenario, outcome)).toBe(true);
  });
});
