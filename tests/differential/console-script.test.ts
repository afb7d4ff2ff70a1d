/**
 * The console's fork knows the script the stepper's run loaded: after an edited script runs in
 * the stepper, the run's own `EVALSHA <its sha> …` typed in the console answers what redis-cli
 * prints for it on a real redis-server holding the same keyspace and the same script cache
 * (loaded from the console's export, which now SCRIPT LOADs that script too). Byte for byte,
 * for both what-ifs and generated scripts, at the start of the run and after it.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { exportCommands } from '../../src/console/export.ts';
import { forkAt } from '../../src/console/fork.ts';
import { runLineOf } from '../../src/console/run-line.ts';
import { ConsoleSession } from '../../src/console/session.ts';
import { generatedScriptArb } from '../../src/stepper/runs/generated-scripts.test-helper.ts';
import { SCRIPT_EDITS, variantSource } from '../../src/stepper/what-ifs/script-edits.ts';
import { createSimTraceSource } from '../../src/stepper/runs/trace-source.ts';
import { PRESETS, defaultScenario } from '../../src/scenario/presets.ts';
import type { Scenario } from '../../src/scenario/types.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { simulatorStopOf } from '@batch-lease/redis-sim/client';
import { RedisCliSession } from './console-cli.ts';
import { LUA_SEED } from '@batch-lease/redis-sim/differential/config.ts';
import { useOwnRedis } from '@batch-lease/redis-sim/differential/own-redis.ts';

const own = useOwnRedis();
// one redis-cli for every check, each on a connection as a fresh one's (see the class)
let kept: RedisCliSession | undefined;
const cli = () => (kept ??= RedisCliSession.open(own.port));
afterAll(() => kept?.close());

const sim = createSimTraceSource();

/** The console's output lines for `lines`, as redis-cli prints them. */
function consoleOutput(session: ConsoleSession, lines: readonly string[]): string {
  let out = '';
  for (const line of lines)
    for (const l of session.run(line).lines) if (l.kind === 'output') out += `${l.text}\n`;
  return out;
}

/**
 * Runs `script` in the stepper, forks the console at step k, and types the run's line there and
 * in redis-cli on a real server loaded from the fork's export. The scripts do not read TIME into
 * their replies (the real server's clock is live), so every reply is deterministic.
 */
async function check(scenario: Scenario, script: string, atEnd: boolean): Promise<boolean> {
  const run = sim(scenario, 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  // an edit that loops for ever (it lost `i = i + 2`) runs for ever on a real server too: the
  // stepper stops it at its step budget, and there is no reply to compare
  const r = run.reply;
  if (r !== null && typeof r === 'object' && 'error' in r && simulatorStopOf(r.error) === 'steps')
    return false;
  const k = atEnd ? run.steps.length : 0;
  const { server, user } = forkAt(scenario, run.steps, k, { script, elapsed: () => 0 });
  expect(user).toBe('default');
  const loaded = await cli().type([
    'FLUSHALL',
    'SCRIPT FLUSH',
    'ACL DELUSER reader',
    ...exportCommands(server),
  ]);
  expect(loaded, 'the export loads without an error').not.toMatch(/^\(error\)|Invalid argument/m);
  const { line, sha } = runLineOf(scenario, script);
  const lines = [line, `SCRIPT EXISTS ${sha}`, line];
  const expected = await cli().type(lines);
  const actual = consoleOutput(new ConsoleSession(server, user), lines);
  expect(actual, `${JSON.stringify(script)} at step ${k}`).toBe(expected);
  // a script the run's SCRIPT LOAD took is cached on the real server too: never NOSCRIPT there
  const refused = JSON.stringify(run.reply).includes('Error compiling script');
  if (!refused) expect(expected).not.toContain('NOSCRIPT');
  else expect(expected).toContain('NOSCRIPT');
  return true;
}

const scenarios = [defaultScenario(), ...PRESETS.map((p) => p.build())].filter(
  (s) => s.caller === 'full',
);

describe('the console runs the stepper’s script as redis-cli on a real server does', () => {
  test('both what-ifs and the lesson’s script, on every preset, before and after the run', async () => {
    for (const s of scenarios)
      for (const text of [
        BATCH_SOURCE,
        ...SCRIPT_EDITS.map((e) => variantSource(BATCH_SOURCE, e.variant)!),
      ])
        for (const atEnd of [false, true]) await check(s, text, atEnd);
  }, 300_000);

  test('generated scripts (fixed seed)', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...scenarios),
        generatedScriptArb,
        fc.boolean(),
        async (s, script, atEnd) => {
          if (await check(s, script, atEnd)) compared++;
        },
      ),
      { seed: LUA_SEED, numRuns: 60 },
    );
    // the endless edits are few: most cases are compared
    expect(compared).toBeGreaterThan(40);
  }, 300_000);
});
