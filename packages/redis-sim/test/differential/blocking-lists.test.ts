/**
 * The blocking list commands against a redis-server 7.0.15 of this file's own, whose wall clock
 * the file moves (the frozen-clock shim). Each case runs its commands on one connection of each
 * side. A command the simulator answers at once must be answered at once by the real server; a
 * command the simulator leaves waiting (`conn.blocked`) must leave the real client blocked
 * (CLIENT LIST shows flag `b`) until the clock passes the simulator's deadline, still blocked
 * with the clock at it, and answered with the same reply once past it (a timeout of 0: still
 * blocked a long time later, then released with CLIENT UNBLOCK … TIMEOUT). Replies and the whole
 * keyspace are compared exactly.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type Connection } from '../../src/index.ts';
import { FROZEN_CLOCK_US } from './config.ts';
import { dumpKeyspace } from './keyspace-dump.ts';
import { syncCaller, type Reply } from './caller.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { BLOCKING_CASES } from './blocking-cases.ts';
import { ZSET_BLOCKING_CASES } from './blocking-zset-cases.ts';
import { connectResp, untyped, type RespClient, type Wire } from './resp-client.ts';
import { wireOfSim } from './lua-sides.ts';
import {
  answeredOrBlocked,
  aroundTheLoop,
  isBlocked as isBlockedOn,
  one,
  unblock,
} from './blocked-client.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);
/** a second client of the real server: it watches the first one and moves it on */
let watcher: RespClient | undefined;
beforeAll(async () => {
  watcher = await connectResp(own.port, 0);
});
afterAll(async () => {
  await watcher?.close();
});

const isBlocked = (id: string) => isBlockedOn(watcher!, id);

interface Outcome {
  reply: Wire;
  /** the deadline the wait ended at: ms past the clock's start, 'never', or null for no wait */
  waited: number | 'never' | null;
}

/** Runs one command on both sides and answers each side's outcome. */
async function step(
  real: RespClient,
  id: string,
  sim: { conn: Connection; setClock: (ms: number) => void },
  clock: { us: number },
  cmd: readonly string[],
): Promise<{ real: Outcome; sim: Outcome }> {
  const startMs = clock.us / 1000;
  const simReply = wireOfSim(sim.conn.call(cmd));
  const wait = sim.conn.takeBlocked();
  const simOutcome: Outcome = {
    reply: simReply,
    waited: wait === null ? null : wait.until === null ? 'never' : wait.until - startMs,
  };
  const pending = one(real, cmd);
  const how = await answeredOrBlocked(watcher!, pending, id);
  if (how === 'answered') return { real: { reply: await pending, waited: null }, sim: simOutcome };
  // the real client waits: it must still wait with the clock at the simulator's deadline
  let waited: number | 'never';
  if (wait !== null && wait.until !== null) {
    const move = (ms: number) => {
      clock.us = ms * 1000;
      own.setClock(clock.us);
      sim.setClock(ms);
    };
    move(wait.until);
    await aroundTheLoop(watcher!);
    const stillAtDeadline = await isBlocked(id);
    move(wait.until + 1);
    await aroundTheLoop(watcher!);
    waited = stillAtDeadline ? wait.until - startMs : -1;
    if (!(await isBlocked(id))) {
      return { real: { reply: await pending, waited }, sim: simOutcome };
    }
  }
  // a wait the simulator says never ends (or one it did not see): a long time later it must
  // still wait; released as a timeout, as CLIENT UNBLOCK … TIMEOUT does
  own.setClock(clock.us + 10 ** 12);
  await aroundTheLoop(watcher!);
  waited = (await isBlocked(id)) ? 'never' : -2;
  own.setClock(clock.us);
  await unblock(watcher!, id);
  return { real: { reply: await pending, waited }, sim: simOutcome };
}

describe('blocking list and sorted-set commands against redis-server 7.0.15, as a lone client meets them', () => {
  test.each([...BLOCKING_CASES, ...ZSET_BLOCKING_CASES])('$name', async ({ commands }) => {
    const real = await connectResp(own.port, 0);
    try {
      const clock = { us: FROZEN_CLOCK_US };
      own.setClock(clock.us);
      await one(real, ['FLUSHALL']);
      const id = String(untyped(await one(real, ['CLIENT', 'ID'])));
      const server = createServer();
      server.setClock(clock.us / 1000);
      const sim = { conn: server.connect(), setClock: (ms: number) => server.setClock(ms) };
      const log: string[] = [];
      for (const cmd of commands) {
        const out = await step(real, id, sim, clock, cmd);
        log.push(`> ${JSON.stringify(cmd)}`);
        expect(out.sim, log.join('\n')).toEqual(out.real);
      }
      const realKs = await dumpKeyspace(real.caller);
      const simKs = await dumpKeyspace(
        syncCaller({ call: (args): Reply => untyped(wireOfSim(sim.conn.call(args))) }),
      );
      expect(simKs).toEqual(realKs);
    } finally {
      await real.close();
    }
  });
});
