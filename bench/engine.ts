/**
 * The simulator against a real redis-server on the same batches: the batch script
 * run by EVALSHA on each, side by side in one run, and the memory a stepped trace
 * holds. Loaded through Vite's module runner (see bench/run.mjs) so the simulator's
 * `?raw` imports of the .lua files resolve exactly as in the browser.
 */
import { Redis } from 'ioredis';
import { startRedis } from '@batch-lease/redis-sim/differential/redis-process.ts';
import { scrubTargets } from './lib/scrub-targets.mjs';
import { createServer } from '@batch-lease/redis-sim';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { fullGc } from './lib/full-gc.ts';
import { sampleBatch } from '../tests/differential/arbitraries.ts';
import { toEvalCommand, toSetupCommands } from '../tests/differential/scenario.ts';
import { localsAt } from '../src/stepper/views/locals-index.ts';
import { selectLocals } from '../src/stepper/views/locals-at.ts';
import { narrate } from '../src/stepper/words/narration.ts';
import { buildRunIndex, type RunIndex } from '../src/stepper/runs/run-index.ts';
import {
  activeWindowAt,
  keyspaceAt,
  selectClock,
  selectCurrentMember,
  selectFailed,
  selectJobRows,
  selectMemberState,
  selectPointer,
} from '../src/stepper/views/selectors.ts';
import type { Scenario } from '../src/scenario/types.ts';
import { createSimTraceSource } from '../src/stepper/runs/trace-source.ts';
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

/** Both sides with one batch loaded: its EVALSHA, and a server of each kind holding its keys. */
async function loadBatch(redis: Redis, sha: string, pairs: number, seed: number) {
  const scenario = sampleBatch(pairs, seed);
  const setup = toSetupCommands(scenario);
  const evalsha = toEvalCommand(scenario, sha);
  await redis.flushall();
  for (let k = 0; k < setup.length; k += 1000) {
    const p = redis.pipeline();
    for (const [cmd, ...args] of setup.slice(k, k + 1000)) p.call(cmd!, ...args);
    await p.exec();
  }
  const sim = createServer();
  for (const cmd of setup) sim.call(cmd);
  sim.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
  return { sim, evalsha };
}

/** The pairs of the warm-up batch both sides run before any figure is taken. */
const WARM_UP_PAIRS = 10_000;

/**
 * Runs the batch script on both engines for each size, `repeats` times, and
 * reports medians. Re-running is safe: a live member stays live when re-scored.
 *
 * Both sides are warmed alike before they are timed: a warm-up batch runs untimed on each (so
 * the simulator's JIT and ioredis's encoder have compiled their hot paths, as a server's code
 * is compiled before it starts), and so does one run of each size, so every timed run does
 * the same work (the first run on a fresh keyspace re-scores from the set-up scores).
 */
export async function benchEngine(
  sizes = [100, 10_000, 100_000],
  repeats = 5,
): Promise<EngineRow[]> {
  const server = await startBenchRedis();
  const rows: EngineRow[] = [];
  const runReal = (evalsha: string[]) =>
    // ioredis flattens an array argument; spreading 200,000 arguments would overflow the stack
    server.redis.call(evalsha[0]!, evalsha.slice(1));
  try {
    const sha = String(await server.redis.call('SCRIPT', 'LOAD', BATCH_SOURCE));
    const warm = await loadBatch(server.redis, sha, WARM_UP_PAIRS, 1);
    for (let r = 0; r < 3; r++) {
      await runReal(warm.evalsha);
      warm.sim.call(warm.evalsha);
    }
    for (const pairs of sizes) {
      const { sim, evalsha } = await loadBatch(server.redis, sha, pairs, 20251130);
      await runReal(evalsha);
      sim.call(evalsha);

      const real: number[] = [];
      const realServer: number[] = [];
      const simulated: number[] = [];
      let failed = 0;
      for (let r = 0; r < repeats; r++) {
        const before = await evalshaUsec(server.redis);
        const t0 = performance.now();
        const reply = await runReal(evalsha);
        real.push(performance.now() - t0);
        realServer.push((await evalshaUsec(server.redis)) - before);
        failed = Array.isArray(reply) ? reply.length : -1;

        const t1 = performance.now();
        const simReply = sim.call(evalsha);
        simulated.push(performance.now() - t1);
        // a figure is only worth having for the same answer
        if (JSON.stringify(simReply) !== JSON.stringify(reply))
          throw new Error(`the simulator answered the ${pairs}-pair batch unlike the server`);
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
 * Heap bytes the stepper holds for a 10,000-lease run: the trace (steps, their keyspace changes
 * and their locals deltas, table writes included) and the run index built over it, with its
 * locals snapshots and the tables' write logs the locals panel folds, exactly the structures
 * the stepper keeps. Measured with forced GCs around it, so it needs
 * node --expose-gc. The run is held until the second measure, so nothing of it is collected.
 */
export function traceMemory(leases = 10_000): {
  leases: number;
  steps: number;
  stepsWithLocals: number;
  heapBytes: number | null;
} {
  const gc = fullGc();
  const scenario = thousandLeases(leases);
  const source = createSimTraceSource();
  // a small run first, so the caches every run shares (compiled scripts, their shapes) are
  // filled before the measure and only the run's own structures are counted
  const warm = source(thousandLeases(4), 'script');
  if (warm.status === 'ready') localsAt(buildRunIndex(warm), 1);
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const run = source(scenario, 'script');
  if (run.status !== 'ready') throw new Error(`no run for ${leases} leases: ${run.reason}`);
  const index = buildRunIndex(run);
  localsAt(index, index.n);
  // the frame the locals panel draws, tables' contents included (their write logs are kept)
  selectLocals(index, index.n);
  gc?.();
  const after = process.memoryUsage().heapUsed;
  let stepsWithLocals = 0;
  for (let k = 0; k < index.n; k++) if (index.steps.eachLocal(k, noop, noop)) stepsWithLocals++;
  return { leases, steps: index.n, stepsWithLocals, heapBytes: gc ? after - before : null };
}

const noop = () => {};

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN);
};
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: pct(xs, 0.5),
  p95: pct(xs, 0.95),
  max: pct(xs, 1),
});

/**
 * Loading a preset and jumping to its last step, in Node, with the simulator at hand: the run
 * (trace source), its index, and everything the stepper derives for the last step (keyspace,
 * rows, members, narration, locals). `runs` fresh runs after one warm-up on a small scenario
 * (as the browser's engine chunk has run once before); median and the first (coldest) run.
 */
export function loadToLastInNode(leases = 1_000, runs = 5) {
  const source = createSimTraceSource();
  source(thousandLeases(8), 'script');
  const scenario = thousandLeases(leases);
  const total: number[] = [];
  const parts = { trace: [] as number[], index: [] as number[], last: [] as number[] };
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const run = source(scenario, 'script');
    if (run.status !== 'ready') throw new Error(`no run for ${leases} leases`);
    const t1 = performance.now();
    const ix = buildRunIndex(run);
    const t2 = performance.now();
    lastStepViews(ix, scenario);
    const t3 = performance.now();
    parts.trace.push(t1 - t0);
    parts.index.push(t2 - t1);
    parts.last.push(t3 - t2);
    total.push(t3 - t0);
  }
  return {
    leases,
    first: round(total[0]!),
    median: median(total.map(round)),
    trace: median(parts.trace.map(round)),
    index: median(parts.index.map(round)),
    last: median(parts.last.map(round)),
  };
}

/** What the stepper derives to show step k: the selectors its panels call. */
function stepViews(ix: RunIndex, scenario: Scenario, k: number) {
  const view = keyspaceAt(ix, k);
  const m = selectCurrentMember(ix, k);
  // the active set's window as its panel asks for it (six rows around the current member)
  const focus = m ?? (k >= ix.n ? null : 0);
  return [
    activeWindowAt(ix, view, focus === null ? null : (ix.members[focus]?.id ?? null), 6),
    selectJobRows(ix, k, scenario),
    selectFailed(ix, k),
    selectClock(ix, k),
    selectPointer(ix, k),
    m === null ? null : selectMemberState(ix, k, m),
    narrate(ix, k),
    localsAt(ix, k),
  ];
}
const lastStepViews = (ix: RunIndex, scenario: Scenario) => stepViews(ix, scenario, ix.n);

/**
 * Per call, at 1,000 leases: the locals at step k (what the locals panel reads), and all the
 * selectors a step reads, locals included; stepping forward one step at a time from 0, and
 * scrubbing to the same pseudo-random positions the interaction bench scrubs to. Per-call
 * times; p95 is the figure to hold within a frame (16 ms) with room for React and the browser.
 */
export function selectorTimes(leases = 1_000, samples = 400) {
  const scenario = thousandLeases(leases);
  const run = createSimTraceSource()(scenario, 'script');
  if (run.status !== 'ready') throw new Error(`no run for ${leases} leases`);
  const time = (f: (k: number) => unknown, ks: number[]) => {
    const out: number[] = [];
    for (const k of ks) {
      const t0 = performance.now();
      f(k);
      out.push(performance.now() - t0);
    }
    return summary(out);
  };
  const n = buildRunIndex(run).n;
  const forward = Array.from({ length: Math.min(samples, n) }, (_, i) => i + 1);
  const scrub = scrubTargets(n, samples);
  // a fresh index for each figure, so no figure rides on another's memo
  const locals = (ks: number[]) => {
    const ix = buildRunIndex(run);
    return time((k) => localsAt(ix, k), ks);
  };
  const all = (ks: number[]) => {
    const ix = buildRunIndex(run);
    return time((k) => stepViews(ix, scenario, k), ks);
  };
  return {
    leases,
    steps: n,
    localsStep: locals(forward),
    localsScrub: locals(scrub),
    stepViews: all(forward),
    scrubViews: all(scrub),
  };
}

function round(x: number) {
  return Math.round(x * 1000) / 1000;
}
