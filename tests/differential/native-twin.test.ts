import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createServer, dumpKeyspace } from '@batch-lease/redis-sim';
import { isError } from '@batch-lease/redis-sim/client';
import { BATCH_SHA, BATCH_SOURCE } from '@batch-lease/echomq';
import type { Reply } from '@batch-lease/redis-sim/client';
import { batchArb, EMPTY, SMALL } from './arbitraries.ts';
import { SEED } from '@batch-lease/redis-sim/differential/config.ts';
import { queueKeys, toArgv, toSetupCommands, type Scenario } from './scenario.ts';
import { echomqModule } from '@batch-lease/echomq/module';

const NOW = 1_700_000_000_123;

/** The main suite's batches; half get a plain lease, since the native refuses the odd ones up front. */
const batches = fc
  .tuple(fc.oneof(batchArb(SMALL), batchArb(EMPTY)), fc.boolean())
  .map(([s, plain]) => (plain ? { ...s, lease: '30000' } : s));
const RUN_ID = 'f'.repeat(40);

/** A simulator in the scenario's state, with the batch script loaded. */
function serverFor(s: Scenario) {
  const server = createServer({ now: () => NOW, runId: RUN_ID, modules: [echomqModule()] });
  server.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
  for (const cmd of toSetupCommands(s)) server.call(cmd);
  return server;
}

/** The keyspace with every lease_epoch field taken out, and the rows that had one. */
function withoutEpochs(dump: ReturnType<typeof dumpKeyspace>) {
  const stamped: string[] = [];
  const rest: typeof dump = {};
  for (const [key, v] of Object.entries(dump)) {
    if (v.type !== 'hash') {
      rest[key] = v;
      continue;
    }
    const fields = v.value.filter(([f, value]) => {
      if (f !== 'lease_epoch') return true;
      expect(value).toBe(RUN_ID);
      stamped.push(key);
      return false;
    });
    if (fields.length > 0) rest[key] = { type: 'hash', value: fields };
  }
  return { rest, stamped };
}

/**
 * The native twin against the script on generated batches (the main suite's
 * stream, which the differential suite checks the script against a real server):
 * whenever EMQ.EXTENDS answers a list, it is the script's list, and the keyspace
 * is the script's plus lease_epoch on exactly the extended rows; whenever it
 * refuses, nothing at all was written.
 */
describe('EMQ.EXTENDS against @extend_locks2 on generated batches (simulator)', () => {
  test('a list answer is the script’s; a refusal writes nothing', () => {
    const seen = { served: 0, refused: 0, scriptKeptWrites: 0 };
    fc.assert(
      fc.property(batches, (s) => {
        const k = queueKeys(s.queue);
        const tail = ['2', k.active, k.base, ...toArgv(s)];
        const before = dumpKeyspace(serverFor(s).keyspace);

        const w4 = serverFor(s);
        const scriptReply: Reply = w4.call(['EVALSHA', BATCH_SHA, ...tail]);
        const w6 = serverFor(s);
        const nativeReply: Reply = w6.call(['EMQ.EXTENDS', ...tail]);
        const after6 = dumpKeyspace(w6.keyspace);

        if (isError(nativeReply)) {
          seen.refused++;
          expect(after6).toEqual(before);
          const after4 = dumpKeyspace(w4.keyspace);
          if (isError(scriptReply) && JSON.stringify(after4) !== JSON.stringify(before)) {
            seen.scriptKeptWrites++;
          }
          return;
        }
        seen.served++;
        expect(scriptReply).toEqual(nativeReply);
        const { rest, stamped } = withoutEpochs(after6);
        expect(rest).toEqual(dumpKeyspace(w4.keyspace));
        // failed is the pairs' ids that were not extended, in order: match it against the pairs
        const failed = nativeReply as string[];
        const extended = new Set<string>();
        let next = 0;
        for (const [id] of s.pairs) {
          if (failed[next] === id) next++;
          else extended.add(id);
        }
        expect(next).toBe(failed.length);
        expect(new Set(stamped)).toEqual(new Set([...extended].map(k.row)));
      }),
      { seed: SEED, numRuns: 1_000 },
    );
    // the stream reaches both sides, and cases where the script kept writes the native refused
    expect(seen.served).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
    expect(seen.scriptKeptWrites).toBeGreaterThan(5);
  });
});
