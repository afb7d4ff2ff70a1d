/**
 * The simulator against a real redis-server on the same batches: the batch script
 * run by EVALSHA on each, side by side in one run, and the memory a stepped trace
 * holds. Loaded through Vite's module runner (see bench/run.mjs) so the simulator's
 * `?raw` imports of the .lua files resolve exactly as in the browser.
 */
import { Redis } from 'ioredis';
import { startRedis } from '../scripts/redis-process.ts';
import { BATCH_SOURCE, createServer } from '../src/sim/index.ts';
import { sampleBatch } from '../tests/differential/arbitraries.ts';
import { toEvalCommand, toSetupCommands } from '../tests/differential/scenario.ts';
import { buildRunIndex } from '../src/machines/run-index.ts';
import { createSimTraceSource } from '../src/machines/trace-source.ts';
import { thousandLeases } from '../src/scenario/presets.ts';

export interface EngineRow {
  pairs: number;
  failed: number;
  realMs: number;
  realServerUs: number;
  simMs: number;
  ratio: number;
}

/** A simulator run longer than this is measured once, not `repeats` times. */
const SLOW_RUN_MS = 20_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function startBenchRedis() {
  const server = await startRedis();
  const redis = new Redis({ host: '127.0.0.1', port: server.port, protocol: 2 });
  return {
    redis,
    async stop() {
      redis.disconnect();
      await server.stop();
    },
  };
}

/** Server-side microseconds spent in EVALSHA so far, from INFO commandstats. */
async function evalshaUsec(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  const m = /cmdstat_evalsha:calls=\d+,usec=(\d+)/.exec(info);
  return m ? Number(m[1]) : 0;
}

/**
 * Runs the batch script on both engines for each size, `repeats` times, and
 * reports medians. Re-running is safe: a live member stays live when re-scored.
 */
export async function benchEngine(
  sizes = [100, 10_000, 100_000],
  repeats = 5,
): Promise<EngineRow[]> {
  const server = await startBenchRedis();
  const rows: EngineRow[] = [];
  try {
    const sha = String(await server.redis.call('SCRIPT', 'LOAD', BATCH_SOURCE));
    for (const pairs of sizes) {
      const scenario = sampleBatch(pairs, 20251130);
      const setup = toSetupCommands(scenario);
      const evalsha = toEvalCommand(scenario, sha);

      await server.redis.flushall();
      for (let k = 0; k < setup.length; k += 1000) {
        const p = server.redis.pipeline();
        for (const [cmd, ...args] of setup.slice(k, k + 1000)) p.call(cmd!, ...args);
        await p.exec();
      }
      const sim = createServer();
      for (const cmd of setup) sim.call(cmd);
      sim.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);

      const real: number[] = [];
      const realServer: number[] = [];
      const simulated: number[] = [];
      let failed = 0;
      for (let r = 0; r < repeats; r++) {
        const before = await evalshaUsec(server.redis);
        const t0 = performance.now();
        // ioredis flattens an array argument; spreading 200,000 arguments would overflow the stack
        const reply = await server.redis.call(evalsha[0]!, evalsha.slice(1));
        real.push(performance.now() - t0);
        realServer.push((await evalshaUsec(server.redis)) - before);
        failed = Array.isArray(reply) ? reply.length : -1;

        const t1 = performance.now();
        sim.call(evalsha);
        simulated.push(performance.now() - t1);
        // a run this slow is already the figure; repeating it would only hold the bench up
        if (simulated.at(-1)! > SLOW_RUN_MS) break;
      }
      const realMs = median(real);
      const simMs = median(simulated);
      rows.push({
        pairs,
        failed,
        realMs: round(realMs),
        realServerUs: median(realServer),
        simMs: round(simMs),
        ratio: round(simMs / realMs),
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/**
 * Heap bytes the stepper holds for a 10,000-lease run: the trace (steps and their
 * changes) and the run index built over it (keyspace checkpoints, per-step tables),
 * exactly the structures the stepper keeps. Measured with forced GCs around it, so
 * it needs node --expose-gc.
 */
export function traceMemory(leases = 10_000): {
  leases: number;
  steps: number;
  heapBytes: number | null;
} {
  const gc = (globalThis as { gc?: () => void }).gc;
  const scenario = thousandLeases(leases);
  const source = createSimTraceSource();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const run = source(scenario, 'script');
  if (run.status !== 'ready') throw new Error(`no run for ${leases} leases: ${run.reason}`);
  const index = buildRunIndex(run);
  gc?.();
  const after = process.memoryUsage().heapUsed;
  return { leases, steps: index.n, heapBytes: gc ? after - before : null };
}

function round(x: number) {
  return Math.round(x * 1000) / 1000;
}
