/**
 * The limits' figures for `npm run bench` (the `limits` part): how long `cjson.decode` takes
 * on a million numbers and on a million strings (both linear in the text's length), and the
 * heap a stepper's run keeps for a learner's script that rebuilds a megabyte string in a loop
 * (bounded by the budget's charge for the bytes built and by the trace's cut of long strings),
 * and how long popping a million elements from a list's left takes (linear, now that a list is
 * a ring: an array moved every element it kept for each pop).
 */
import { createServer } from '@batch-lease/redis-sim';
import { createSimTraceSource } from '../src/stepper/runs/trace-source.ts';
import { buildRunIndex } from '../src/stepper/runs/run-index.ts';
import { localsAt } from '../src/stepper/views/locals-index.ts';
import { thousandLeases } from '../src/scenario/presets.ts';
import { fullGc } from './lib/full-gc.ts';
import { packRun, unpackRun } from '../src/console/run-transfer.ts';
import { ConsoleSession } from '../src/console/session.ts';
import { isSensitive } from '../src/console/sensitive.ts';

export interface LimitsBench {
  /** ms for `cjson.decode` of an array of 1,000,000 numbers / 1,000,000 short strings */
  decodeNumbersMs: number;
  decodeStringsMs: number;
  /** the heap a stepper's run of the big-string script keeps, and its steps */
  bigString: { steps: number; heapBytes: number | null; reply: string };
  /**
   * ms the page's thread spends on a stepper's run (the run, its index, the last step's locals)
   * of the costliest scripts a link may carry, each stopped by the step budget: the longest
   */
  stepperWorst: { ms: number; script: string; runs: Record<string, number> };
  /**
   * The same runs made in the worker, as the stepper now makes a learner's script: ms the page's
   * thread spends on the run it receives (the structured clone's copy, reading the packed trace
   * back, the index, the last step's locals), the longest, and the bytes the trace carries
   */
  stepperReceiveWorst: {
    ms: number;
    script: string;
    runs: Record<string, { ms: number; packMs: number; kB: number }>;
  };
  /**
   * ms of one console line that writes (`SET`) while the keyspace holds a sorted set of 60,000
   * members, the median of five: the line reads the keyspace to say what changed (once: the
   * last write line's read is its before), and on the page's thread (no worker) the page waits for it
   */
  writeLineMs: number;
  /**
   * ms to judge whether a typed line of 64 KB carries a password (`isSensitive`, run on every
   * line sent, on the page's thread), the median of five: a line whose first word is SET, told
   * by that word alone, and a HELLO … AUTH line, one that can carry one and is split whole
   */
  sensitiveLineMs: { set: number; hello: number };
  /**
   * ms to pop 1,000,000 elements from the left of a list of as many: a script's loop of `LPOP`
   * one at a time, and one `LPOP key 1000000`
   */
  popMillion: { scriptMs: number; lineMs: number };
}

/** Scripts a `lua=` link may carry that spend the stepper's budget on its costliest steps. */
export const HOSTILE_STEPPER_SCRIPTS: Record<string, string> = {
  endless: 'while true do end',
  'traced writes': "local i = 0 while true do i = i + 1 redis.call('SET', 'k' .. i, i) end",
  'new tables': 'local t = {} local i = 0 while true do i = i + 1 t[i] = {i, i, i} end',
  'megabyte upper': "local s = string.rep('x', 1048576) while true do s = s:upper() end",
  'table.concat':
    "local t = {} for i = 1, 100000 do t[i] = 'abcdefgh' end while true do local s = table.concat(t) end",
  'cjson round trip':
    'local t = {} for i = 1, 200000 do t[i] = i end local j = cjson.encode(t) while true do cjson.decode(j) end',
  backtracking: "local s = string.rep('a', 20000) while true do s:find('.-.-.-.-.-b') end",
  sort: 'local t = {} for i = 1, 100000 do t[i] = (i * 7919) % 100003 end table.sort(t, function(a, b) return a < b end)',
};

/** The longest a stepper's run of a hostile script holds the page's thread, and each one's. */
function stepperWorst(): LimitsBench['stepperWorst'] {
  const source = createSimTraceSource();
  const scenario = thousandLeases(4);
  const runs: Record<string, number> = {};
  for (const [name, script] of Object.entries(HOSTILE_STEPPER_SCRIPTS)) {
    const t0 = performance.now();
    const run = source(scenario, 'script', script);
    if (run.status !== 'ready') throw new Error(`no run: ${run.reason}`);
    const index = buildRunIndex(run);
    localsAt(index, index.n);
    runs[name] = Math.round(performance.now() - t0);
  }
  const [script, ms] = Object.entries(runs).sort((a, b) => b[1] - a[1])[0]!;
  return { ms, script, runs };
}

/**
 * What the page's thread does with a run made in the worker, for each hostile script: the clone
 * `postMessage` makes (its columns transferred), reading it back, its index and last locals.
 * The worker's own part (the run and packing it) is `packMs`, off the page's thread.
 */
function stepperReceiveWorst(): LimitsBench['stepperReceiveWorst'] {
  const source = createSimTraceSource();
  const scenario = thousandLeases(4);
  const runs: LimitsBench['stepperReceiveWorst']['runs'] = {};
  for (const [name, script] of Object.entries(HOSTILE_STEPPER_SCRIPTS)) {
    const made = source(scenario, 'script', script);
    const p0 = performance.now();
    const { packed, transfer } = packRun(made);
    const packMs = performance.now() - p0;
    const kB =
      packed.status === 'ready' && !('plain' in packed.steps)
        ? Math.round(
            JSON.stringify(packed.steps.pool).length / 1024 + packed.steps.cells.byteLength / 1024,
          )
        : 0;
    const t0 = performance.now();
    const run = unpackRun(structuredClone(packed, { transfer }));
    if (run.status !== 'ready') throw new Error(`no run: ${run.reason}`);
    const index = buildRunIndex(run);
    localsAt(index, index.n);
    runs[name] = { ms: Math.round(performance.now() - t0), packMs: Math.round(packMs), kB };
  }
  const [script, worst] = Object.entries(runs).sort((a, b) => b[1].ms - a[1].ms)[0]!;
  return { ms: worst.ms, script, runs };
}

/** ms for one EVAL that decodes a JSON array of `n` items made by `item`, on the host clock. */
function decodeMs(item: string): number {
  const server = createServer();
  // the text is built outside the script, so only the decode is timed
  server.call([
    'SET',
    'json',
    `[${Array.from({ length: 1_000_000 }, (_, i) => item.replace('#', String(i))).join(',')}]`,
  ]);
  const script = "local t = cjson.decode(redis.call('GET', 'json')) return #t";
  server.call(['EVAL', script, '0']); // warm up the compile cache
  const t0 = performance.now();
  const n = server.call(['EVAL', script, '0']);
  const ms = performance.now() - t0;
  if (n !== 1_000_000) throw new Error(`cjson.decode answered ${JSON.stringify(n)}`);
  return Math.round(ms);
}

/** The script a learner might type: a megabyte string rebuilt 2,000 times. */
export const BIG_STRING_SCRIPT =
  "local s = ''\nfor i = 1, 2000 do\n  s = string.rep('x', 1000000) .. i\nend\nreturn #s";

function bigStringHeap(): LimitsBench['bigString'] {
  const gc = fullGc();
  const source = createSimTraceSource();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const run = source(thousandLeases(4), 'script', BIG_STRING_SCRIPT);
  if (run.status !== 'ready') throw new Error(`no run: ${run.reason}`);
  const index = buildRunIndex(run);
  localsAt(index, index.n);
  gc?.();
  const after = process.memoryUsage().heapUsed;
  const reply = JSON.stringify(run.reply).slice(0, 120);
  return { steps: index.n, heapBytes: gc ? after - before : null, reply };
}

function writeLineMs(): number {
  const server = createServer();
  for (let from = 0; from < 60_000; from += 5_000) {
    const args = ['ZADD', 'z'];
    for (let i = from; i < from + 5_000; i++) args.push(String(i), `m${i}`);
    server.call(args);
  }
  const session = new ConsoleSession(server);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    session.run(`SET x ${i}`);
    times.push(performance.now() - t0);
  }
  return Math.round(times.sort((a, b) => a - b)[2]!);
}

/** The median ms of five runs of `work`. */
function medianMs(work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    work();
    times.push(performance.now() - t0);
  }
  return Number(times.sort((a, b) => a - b)[2]!.toFixed(2));
}

function sensitiveLineMs(): LimitsBench['sensitiveLineMs'] {
  const words = Array.from({ length: 8_000 }, (_, i) => `w${i}`).join(' ');
  const set = `SET k ${words}`.slice(0, 64 * 1024);
  const hello = `HELLO 3 SETNAME ${words}`.slice(0, 64 * 1024 - 20) + ' AUTH reader pw';
  if (isSensitive(set) || !isSensitive(hello)) throw new Error('the lines are judged wrongly');
  return { set: medianMs(() => isSensitive(set)), hello: medianMs(() => isSensitive(hello)) };
}

/** A server holding a list `l` of 1,000,000 elements, pushed in chunks a command line could carry. */
function millionList() {
  const server = createServer();
  for (let from = 0; from < 1_000_000; from += 10_000)
    server.call(['RPUSH', 'l', ...Array.from({ length: 10_000 }, (_, i) => `e${from + i}`)]);
  return server;
}

function popMillion(): LimitsBench['popMillion'] {
  const script = "local n = 0 while redis.call('LPOP', 'l') do n = n + 1 end return n";
  let server = millionList();
  let t0 = performance.now();
  const popped = server.call(['EVAL', script, '0']);
  const scriptMs = Math.round(performance.now() - t0);
  if (popped !== 1_000_000) throw new Error(`the script popped ${JSON.stringify(popped)}`);
  server = millionList();
  t0 = performance.now();
  const reply = server.call(['LPOP', 'l', '1000000']);
  const lineMs = Math.round(performance.now() - t0);
  if (!Array.isArray(reply) || reply.length !== 1_000_000)
    throw new Error('LPOP l 1000000 fell short');
  return { scriptMs, lineMs };
}

/** Every figure of the part. */
export function benchLimits(): LimitsBench {
  return {
    decodeNumbersMs: decodeMs('#'),
    decodeStringsMs: decodeMs('"s#"'),
    bigString: bigStringHeap(),
    stepperWorst: stepperWorst(),
    stepperReceiveWorst: stepperReceiveWorst(),
    writeLineMs: writeLineMs(),
    sensitiveLineMs: sensitiveLineMs(),
    popMillion: popMillion(),
  };
}
