/**
 * BullMQ's lock extension, driven by BullMQ's own client against a real redis-server, replayed
 * on the simulator. The server's wall clock is frozen by the suite's shim (a clock file of this
 * file's own), so a lock lapses when the test moves the clock, never by the machine's speed,
 * and every time to live reads the same on both sides. The real client adds jobs, takes them
 * with its tokens, lets one lock lapse, has its stall checker mark and reap, removes one job,
 * and then extends the locks it holds. Its one extendLocks call is captured as it leaves the
 * client (ioredis's own command, bytes and all) with the reply it got, and the keyspace just
 * before it; the simulator is put into that keyspace and sent that call through the stepper's
 * own traced path, and its reply and keyspace afterwards must equal the real ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  startRedis,
  type RedisProcess,
} from '@batch-lease/redis-sim/differential/redis-process.ts';
import { createServer, type SimServer } from '@batch-lease/redis-sim';
import { bytesOfText, isError, textOfBytes } from '@batch-lease/redis-sim/client';
import {
  BULLMQ_EXTEND_LOCK,
  BULLMQ_EXTEND_LOCKS,
  bullmqServerFor,
} from '../../src/stepper/runs/bullmq-run.ts';
import { traceCall } from '../../src/stepper/runs/trace-source.ts';
import {
  bullmqExtendLockArgs,
  bullmqExtendLocksArgs,
  bullmqScenario,
  bullmqSetupCommands,
  type Scenario,
} from '../../src/scenario/index.ts';
import { FATES } from '../../src/fates/catalogue.ts';
import { BULLMQ_SCENARIO_IDS } from '../../content/bullmq.ts';
import {
  createClockFile,
  setFrozenClock,
  type ClockFile,
} from '@batch-lease/redis-sim/differential/clock-shim/build.ts';
import { asWire, type Reply } from '@batch-lease/redis-sim/differential/caller.ts';
import { normalise } from '@batch-lease/redis-sim/differential/real-server.ts';

/** The frozen clock's start, a whole millisecond: 2025-12-01T08:00:00.000Z. */
const T0_MS = 1_764_576_000_000;
const LOCK_MS = 30_000;

let dir: string;
let clock: ClockFile;
let redis: RedisProcess;
let raw: Redis;

const at = (ms: number) => setFrozenClock(clock, (T0_MS + ms) * 1000);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'emq-bullmq-'));
  clock = createClockFile(dir, T0_MS * 1000);
  redis = await startRedis({ frozenClock: { shim: inject('clockShim'), file: clock.path } });
  raw = new Redis({ host: '127.0.0.1', port: redis.port, lazyConnect: true, protocol: 2 });
  await raw.connect();
});

afterAll(async () => {
  raw?.disconnect();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One key as both sides are read: its type, its whole content, and its time to live in ms. */
interface KeyRead {
  type: string;
  value: Reply;
  pttl: number;
}

/** How a key's whole content is read, by type; a set's members sorted (its order is the table's). */
function readOf(key: string, type: string): string[] | null {
  switch (type) {
    case 'string':
      return ['GET', key];
    case 'hash':
      return ['HGETALL', key];
    case 'list':
      return ['LRANGE', key, '0', '-1'];
    case 'set':
      return ['SMEMBERS', key];
    case 'zset':
      return ['ZRANGE', key, '0', '-1', 'WITHSCORES'];
    default:
      return null;
  }
}

/** Every key of a server, read through `call`, with streams told apart (the simulator has none). */
async function keyspace(call: (args: string[]) => Promise<Reply>): Promise<Map<string, KeyRead>> {
  const keys = ((await call(['KEYS', '*'])) as string[]).slice().sort();
  const out = new Map<string, KeyRead>();
  for (const key of keys) {
    const type = (await call(['TYPE', key])) as string;
    const read = readOf(key, type);
    let value: Reply = read
      ? await call(read)
      : type === 'stream'
        ? await call(['XLEN', key])
        : null;
    if (type === 'set') value = (value as string[]).slice().sort();
    out.set(key, { type, value, pttl: (await call(['PTTL', key])) as number });
  }
  return out;
}

const realCall = async (args: string[]): Promise<Reply> => {
  try {
    return normalise(await raw.call(args[0]!, ...args.slice(1)));
  } catch (err) {
    return { error: (err as Error).message };
  }
};

const simCaller = (server: SimServer) => async (args: string[]) => asWire(server.call(args));

/** The commands that put a simulator into the captured keyspace (streams excepted). */
function restoreCommands(ks: Map<string, KeyRead>): string[][] {
  const cmds: string[][] = [];
  for (const [key, { type, value, pttl }] of ks) {
    const v = value as string[];
    if (type === 'string') cmds.push(['SET', key, value as string]);
    else if (type === 'hash') cmds.push(['HSET', key, ...v]);
    else if (type === 'list') cmds.push(['RPUSH', key, ...v]);
    else if (type === 'set') cmds.push(['SADD', key, ...v]);
    else if (type === 'zset') {
      const pairs: string[] = [];
      for (let i = 0; i < v.length; i += 2) pairs.push(v[i + 1]!, v[i]!);
      cmds.push(['ZADD', key, ...pairs]);
    } else continue;
    if (pttl >= 0) cmds.push(['PEXPIRE', key, String(pttl)]);
  }
  return cmds;
}

/** A captured ioredis command's arguments as the simulator's text (its bytes kept). */
const asText = (a: unknown): string =>
  Buffer.isBuffer(a) ? textOfBytes(a) : typeof a === 'number' ? String(a) : String(a);

interface Captured {
  name: string;
  args: string[];
}

/**
 * Runs `act` with every command any ioredis connection sends recorded (the client's own
 * command objects, as they leave it), and answers what it resolved to.
 */
async function capturing<T>(act: () => Promise<T>): Promise<{ result: T; sent: Captured[] }> {
  const sent: Captured[] = [];
  const proto = Redis.prototype as unknown as {
    sendCommand(
      this: Redis,
      command: { name: string; args: unknown[] },
      ...rest: unknown[]
    ): unknown;
  };
  const original = proto.sendCommand;
  proto.sendCommand = function (command, ...rest) {
    sent.push({ name: command.name.toUpperCase(), args: command.args.map(asText) });
    return original.call(this, command, ...rest);
  };
  try {
    return { result: await act(), sent };
  } finally {
    proto.sendCommand = original;
  }
}

/**
 * One pass of BullMQ's stall check, the one its worker runs on a timer (private in its types):
 * run here by hand, so the frozen clock, not a timer, decides what has lapsed.
 */
const stallCheck = (worker: Worker) =>
  (worker as unknown as { moveStalledJobsToWait(): Promise<void> }).moveStalledJobsToWait();

describe('BullMQ’s extendLocks: the real client on a real server, replayed on the simulator', () => {
  test('the reply and the keyspace afterwards are the same, byte for byte, TTLs included', async () => {
    const connection = { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null };
    const queue = new Queue('q', { connection });
    // no processor: the test takes jobs itself, with tokens it names, as a manual worker does
    const w = new Worker('q', null, {
      connection,
      lockDuration: LOCK_MS,
      stalledInterval: 5_000,
      autorun: false,
    });
    const x = new Worker('q', null, {
      connection,
      lockDuration: 2 * LOCK_MS,
      stalledInterval: 5_000,
      autorun: false,
    });
    try {
      await raw.flushdb();
      const take = async (worker: Worker, token: string, id: string) => {
        const job = await worker.getNextJob(token, { block: false });
        expect(job?.id).toBe(id);
      };
      // t = 0: w takes `stale`; a stall check marks it
      at(0);
      await queue.add('job', {}, { jobId: 'stale' });
      await take(w, 'w:1', 'stale');
      await stallCheck(w);
      // t = 31 s: its lock has lapsed; the next check reaps it, and worker x takes it again
      at(31_000);
      await stallCheck(w);
      expect(await raw.lrange('bull:q:wait', 0, -1)).toEqual(['stale']);
      await take(x, 'x:1', 'stale');
      await queue.add('job', {}, { jobId: 'lapsed' });
      await queue.add('job', {}, { jobId: 'removed' });
      await take(w, 'w:2', 'lapsed');
      await take(w, 'w:3', 'removed');
      // t = 50 s: w takes `suspect`, a check marks every active job, then w takes `live`
      at(50_000);
      await queue.add('job', {}, { jobId: 'suspect' });
      await take(w, 'w:4', 'suspect');
      await stallCheck(w);
      await queue.add('job', {}, { jobId: 'live' });
      await take(w, 'w:5', 'live');
      // t = 62 s: the locks taken at 31 s have lapsed; the job without a lock can be removed
      at(62_000);
      await queue.remove('removed');
      expect(await raw.exists('bull:q:removed')).toBe(0);

      const before = await keyspace(realCall);
      // a job named `stalled` would be the key of the stalled set itself: BullMQ's ids share its prefix
      const held = ['live', 'suspect', 'lapsed', 'removed', 'stale'];
      const tokens = ['w:5', 'w:4', 'w:2', 'w:3', 'w:1'];
      const { result, sent } = await capturing(() => w.extendJobLocks(held, tokens, LOCK_MS));
      const after = await keyspace(realCall);

      // the one script call the client made (EVALSHA, and EVAL after a NOSCRIPT)
      const calls = sent.filter((c) => c.name === 'EVALSHA' || c.name === 'EVAL');
      expect(calls.length).toBeGreaterThan(0);
      const call = calls.at(-1)!;
      if (call.name === 'EVAL') expect(call.args[0]).toBe(BULLMQ_EXTEND_LOCKS.text);
      else expect(call.args[0]).toBe(BULLMQ_EXTEND_LOCKS.sha);
      const realReply = (result as unknown[]).map(String);
      // the lapsed lock, the removed job and the stale token are the ids it could not extend
      expect(realReply).toEqual(['lapsed', 'removed', 'stale']);

      // the simulator, in the same keyspace on the same clock, sent the same call
      const sim = createServer({ now: () => T0_MS + 62_000, runId: 'b'.repeat(40) });
      for (const cmd of restoreCommands(before)) {
        const r = sim.call(cmd);
        if (isError(r)) throw new Error(`${cmd.join(' ')} → ${r.error}`);
      }
      expect(sim.call(['SCRIPT', 'LOAD', BULLMQ_EXTEND_LOCKS.text])).toBe(BULLMQ_EXTEND_LOCKS.sha);
      const { reply } = traceCall(sim.connect(), [call.name, ...call.args]);
      expect(asWire(reply)).toEqual(realReply);

      const simAfter = await keyspace(simCaller(sim));
      // the streams (BullMQ's events) are not simulated: the call must not have touched them
      for (const [key, read] of after) {
        if (read.type !== 'stream') continue;
        expect(read).toEqual(before.get(key));
        after.delete(key);
      }
      expect(simAfter).toEqual(after);
      // and the call did what the lesson says: two locks renewed, one id out of stalled
      expect(after.get('bull:q:live:lock')?.pttl).toBe(LOCK_MS);
      expect(after.get('bull:q:suspect:lock')?.pttl).toBe(LOCK_MS);
      expect(after.get('bull:q:stale:lock')?.value).toBe('x:1');
      expect(after.has('bull:q:lapsed:lock')).toBe(false);
      expect(before.get('bull:q:stalled')?.value).toContain('suspect');
      expect(after.get('bull:q:stalled')?.value).not.toContain('suspect');
    } finally {
      await w.close();
      await x.close();
      await queue.close();
    }
  });
});

/** The stepper's and the fate picker's states: each BullMQ scenario, and each fate's one job. */
const MIRRORED: Array<[string, Scenario]> = [
  ...BULLMQ_SCENARIO_IDS.map((id): [string, Scenario] => [id, bullmqScenario(id)]),
  ...FATES.map((f): [string, Scenario] => [`fate ${f.id}`, f.scenario]),
];

describe('the mirrored states the stepper and the fate picker run, on a real server', () => {
  test.each(MIRRORED)(
    '%s: both scripts answer and write as on redis-server',
    async (_, scenario) => {
      for (const script of [BULLMQ_EXTEND_LOCKS, BULLMQ_EXTEND_LOCK]) {
        const args =
          script === BULLMQ_EXTEND_LOCKS
            ? bullmqExtendLocksArgs(scenario, script.sha)
            : bullmqExtendLockArgs(scenario, script.sha);
        // the real server, at the scenario's clock, set up by the same commands
        setFrozenClock(clock, scenario.clockMs * 1000);
        await raw.flushdb();
        for (const cmd of bullmqSetupCommands(scenario)) await realCall(cmd);
        await realCall(['SCRIPT', 'LOAD', script.text]);
        // the packed ids and tokens travel as the bytes the simulator's text stands for
        const wire = args.map((a) => Buffer.from(bytesOfText(a)));
        let realReply: Reply;
        try {
          realReply = normalise(await raw.call('EVALSHA', ...wire.slice(1)));
        } catch (err) {
          realReply = { error: (err as Error).message };
        }
        const real = await keyspace(realCall);
        // the simulator, through the stepper's own path
        const sim = bullmqServerFor(scenario);
        const { reply } = traceCall(sim.connect(), args);
        expect(asWire(reply), script.name).toEqual(realReply);
        expect(await keyspace(simCaller(sim)), script.name).toEqual(real);
      }
    },
  );
});
