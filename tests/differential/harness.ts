import { inject } from 'vitest';
import { createServer } from '@batch-lease/redis-sim';
import { syncCaller } from '@batch-lease/redis-sim/differential/caller.ts';
import type { Harness } from './compare.ts';
import { connectReal, type RealServer } from '@batch-lease/redis-sim/differential/real-server.ts';
import { loadScripts, readScriptSources } from './scripts.ts';

/**
 * Connects to the run's redis-server on database `db`, loads the lesson's scripts
 * from disk into it, and pairs it with fresh simulators that load them the same way.
 */
export async function openHarness(db: number): Promise<Harness & { real: RealServer }> {
  const real = await connectReal(inject('redisPort'), db);
  const sources = readScriptSources();
  const shas = await loadScripts(real, sources);
  return {
    real,
    sources,
    shas,
    createSim: (now) => syncCaller(createServer({ now: () => now })),
  };
}
