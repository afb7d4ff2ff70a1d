/**
 * The two sides a Lua case runs on, behind one shape: the frozen-clock real
 * redis-server (a database of its own, emptied before each case) and a fresh
 * simulator whose clock is set to the same instant. A self-check can stand a
 * second real connection in for the simulator.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { createServer } from '../../src/index.ts';
import { bytesOfText } from '../../src/byte-text.ts';
import { syncCaller, type Caller, type Reply } from './caller.ts';
import { FROZEN_CLOCK_MS } from './config.ts';
import { bulkOf, connectResp, untyped, type RespClient, type Wire } from './resp-client.ts';

/** One server, ready for a case: typed commands and the untyped view the dump reads. */
export interface Session {
  send(cmds: readonly (readonly string[])[]): Promise<Wire[]>;
  caller: Caller;
}

/** Where a case runs: `fresh` answers a server with an empty keyspace. */
export interface Side {
  name: string;
  fresh(): Promise<Session>;
}

/** The real side: one connection to the frozen server, FLUSHDB before each case. */
export function realSide(client: RespClient, name = 'real'): Side {
  return resetSide(() => client, [['FLUSHDB']], name);
}

/**
 * A real side that sends `reset` (commands that each answer OK) before each case, on the
 * connection `client()` gives (a file's own server, reached only inside its tests).
 */
export function resetSide(
  client: () => RespClient,
  reset: readonly (readonly string[])[],
  name = 'real',
): Side {
  return {
    name,
    async fresh() {
      const c = client();
      const done = await c.pipeline(reset);
      if (done.some((r) => JSON.stringify(r) !== '{"status":"OK"}')) {
        throw new Error(`resetting the server answered ${JSON.stringify(done)}`);
      }
      return { send: c.pipeline, caller: c.caller };
    },
  };
}

/** Connects to the run's frozen-clock redis-server on database `db`. */
export function connectFrozen(db: number): Promise<RespClient> {
  return connectResp(inject('frozenRedisPort'), db);
}

/**
 * The real side of one test file: connects to the frozen server on `db` before
 * the file's tests and closes after them. Read `.side` inside a test.
 */
export function useFrozenReal(db: number, name = 'real'): { side: Side } {
  let client: RespClient | undefined;
  const box = {} as { side: Side };
  beforeAll(async () => {
    client = await connectFrozen(db);
    box.side = realSide(client, name);
  });
  afterAll(async () => {
    await client?.close();
  });
  return box;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A simulator reply in the suite's typed form. Today's simulator answers plain
 * strings for status and bulk alike (read here as bulk, so a status reply
 * shows up as a divergence until the replies are typed); a typed status is
 * accepted as `{ status }` or `{ ok }`, an integer as a number or a bigint.
 */
export function wireOfSim(r: unknown): Wire {
  if (r === null || r === undefined) return null;
  // the bytes the text stands for: an escaped byte (byte-text.ts) is the byte a server keeps
  if (typeof r === 'string') return bulkOf(bytesOfText(r));
  if (typeof r === 'bigint') return { int: r.toString() };
  if (typeof r === 'number') {
    if (!Number.isInteger(r)) return { error: `simulator answered a non-integer number ${r}` };
    return { int: BigInt(r).toString() };
  }
  if (Array.isArray(r)) return r.map(wireOfSim);
  if (isRecord(r)) {
    if (typeof r.error === 'string') return { error: r.error };
    if (typeof r.status === 'string') return { status: r.status };
    if (typeof r.ok === 'string') return { status: r.ok };
    if (r.nilArray === true) return { nilArray: true };
    if (typeof r.bytes === 'string') return { bytes: r.bytes };
  }
  return { error: `simulator answered an unknown reply shape ${JSON.stringify(r)}` };
}

/** The simulator seam the suites drive: one command, answered synchronously. */
interface SimLike {
  call(args: readonly string[]): unknown;
  setClock(clock: number): void;
}

/** Runs one simulator command; a throw is a divergence like any other, shown as an error. */
export function simCall(sim: SimLike, args: readonly string[]): Wire {
  try {
    return wireOfSim(sim.call(args));
  } catch (err) {
    return { error: `simulator threw: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The simulator side: a new server per case, its clock set to the frozen server's. */
export function simSide(make: () => SimLike = () => createServer()): Side {
  return {
    name: 'sim',
    async fresh() {
      const sim = make();
      sim.setClock(FROZEN_CLOCK_MS);
      const send = async (cmds: readonly (readonly string[])[]) => cmds.map((c) => simCall(sim, c));
      // the dump reads the simulator through the same conversion as the real side
      const caller = syncCaller({ call: (args): Reply => untyped(simCall(sim, args)) });
      return { send, caller };
    },
  };
}
