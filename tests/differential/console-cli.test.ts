import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { exportCommands } from '../../src/console/export.ts';
import { ConsoleSession } from '../../src/console/session.ts';
import { createServer, isError } from '../../src/sim/index.ts';
import { consoleCaseArb } from './console-arbitraries.ts';
import { redisCli } from './console-cli.ts';
import { CONSOLE_NUM_RUNS, SEED } from './config.ts';
import { dumpKeyspace } from './keyspace-dump.ts';
import { useOwnRedis } from './own-redis.ts';
import { syncCaller } from './caller.ts';

// A server of its own: the cases flush it, load users and scripts, and nothing else may see that.
const own = useOwnRedis();

/** What the console shows for `lines` as redis-cli output: its output lines, each ended by a newline. */
function consoleOutput(session: ConsoleSession, lines: readonly string[]): string {
  let out = '';
  for (const line of lines) {
    for (const l of session.run(line).lines) if (l.kind === 'output') out += `${l.text}\n`;
  }
  return out;
}

describe('the console against the real redis-cli and redis-server', () => {
  test(`${CONSOLE_NUM_RUNS} generated states and lines: byte-for-byte the same output, loaded from the export`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(consoleCaseArb, async ({ state, lines }) => {
        runs++;
        const sim = createServer();
        for (const k of state)
          for (const cmd of k.setup) {
            const r = sim.call(cmd);
            if (isError(r)) throw new Error(`setup ${JSON.stringify(cmd)}: ${r.error}`);
          }
        // the export is what loads the real server: this proves it too
        const exported = exportCommands(sim);
        // users live outside the keyspace, so the last case's reader goes explicitly
        const loaded = await redisCli(own.port, [
          'FLUSHALL',
          'SCRIPT FLUSH',
          'ACL DELUSER reader',
          ...exported,
        ]);
        expect(loaded, 'the export loads without an error').not.toMatch(
          /^\(error\)|Invalid argument/m,
        );
        expect(await dumpKeyspace(own.real)).toEqual(await dumpKeyspace(syncCaller(sim)));

        const expected = await redisCli(own.port, lines);
        const actual = consoleOutput(new ConsoleSession(sim), lines);
        expect(actual, JSON.stringify(lines)).toBe(expected);
      }),
      { seed: SEED, numRuns: CONSOLE_NUM_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(CONSOLE_NUM_RUNS);
  }, 600_000);
});
