import { Redis, type RedisOptions } from 'ioredis';
import type { Caller, Reply } from './caller.ts';

/**
 * Turns what ioredis hands back into the suite's {@link Reply}. The connection
 * speaks RESP2 (as most clients do), so replies are strings, integers,
 * nil and arrays; anything else is a bug in the adapter, not a reply.
 */
export function normalise(value: unknown): Reply {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`non-integer number reply ${value}`);
    return value;
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Error) return errorReply(value);
  throw new Error(`unexpected reply from ioredis: ${String(value)}`);
}

/** ioredis raises a ReplyError whose message is the server's error text, unprefixed. */
function errorReply(err: Error): { error: string } {
  if (err.name !== 'ReplyError') throw err;
  return { error: err.message };
}

/**
 * How the suite connects: RESP2, one db, and commands that fail fast instead
 * of queueing when the server is down.
 */
export function suiteRedisOptions(port: number, db: number): RedisOptions {
  return {
    host: '127.0.0.1',
    port,
    db,
    protocol: 2,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  };
}

/** A real server connection seen as a {@link Caller}, plus its lifecycle. */
export interface RealServer extends Caller {
  quit(): Promise<void>;
}

/**
 * Connects to the suite's redis-server on `port`, selecting `db` so that test
 * files running in parallel never see each other's keys. Commands fail fast
 * instead of queueing when the server is down.
 */
export async function connectReal(port: number, db: number): Promise<RealServer> {
  const redis = new Redis(suiteRedisOptions(port, db));
  await redis.connect();
  return {
    async call(args) {
      const [cmd, ...rest] = args;
      if (cmd === undefined) throw new Error('empty command');
      try {
        return normalise(await redis.call(cmd, ...rest));
      } catch (err) {
        return errorReply(err as Error);
      }
    },
    async pipeline(cmds) {
      if (cmds.length === 0) return [];
      const p = redis.pipeline();
      for (const [cmd, ...rest] of cmds) {
        if (cmd === undefined) throw new Error('empty command');
        p.call(cmd, ...rest);
      }
      const results = await p.exec();
      if (results === null) throw new Error('pipeline was discarded');
      return results.map(([err, value]) => (err ? errorReply(err) : normalise(value)));
    },
    async quit() {
      await redis.quit();
    },
  };
}
