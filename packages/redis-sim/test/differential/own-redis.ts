/**
 * A redis-server of a test file's own, on a free loopback port: with its clock live (not the
 * frozen one), for suites that flush it, load users and scripts, or read TIME as a real server
 * answers it, where nothing else may see what they do; or with a frozen clock the file moves,
 * without disturbing the run's shared frozen server. Started before the file's tests and
 * stopped after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createClockFile, setFrozenClock, type ClockFile } from './clock-shim/build.ts';
import { startRedis, type RedisProcess } from './redis-process.ts';
import { connectReal, type RealServer } from './real-server.ts';
import { connectResp, type RespClient } from './resp-client.ts';

/** The server's port and a connection to its database 0 (read them inside a test). */
export interface OwnRedis {
  readonly port: number;
  readonly real: RealServer;
}

export function useOwnRedis(): OwnRedis {
  let redis: RedisProcess | undefined;
  let real: RealServer | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    real = await connectReal(redis.port, 0);
  });
  afterAll(async () => {
    await real?.quit();
    await redis?.stop();
  });
  const started = () => {
    if (!redis || !real) throw new Error('the server is started only inside tests');
    return { redis, real };
  };
  return {
    get port() {
      return started().redis.port;
    },
    get real() {
      return started().real;
    },
  };
}

/** A server of the file's own whose wall clock the file sets (read them inside a test). */
export interface OwnFrozenRedis {
  readonly port: number;
  /** a typed connection to its database 0 */
  readonly client: RespClient;
  /** moves its wall clock (TIME, expiry, the command time) to `us` microseconds */
  setClock(us: number): void;
}

/** A redis-server of the file's own under the frozen-clock shim, its clock at `startUs`. */
export function useOwnFrozenRedis(startUs: number): OwnFrozenRedis {
  let dir: string | undefined;
  let clock: ClockFile | undefined;
  let redis: RedisProcess | undefined;
  let client: RespClient | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'redis-sim-own-clock-'));
    clock = createClockFile(dir, startUs);
    redis = await startRedis({ frozenClock: { shim: inject('clockShim'), file: clock.path } });
    client = await connectResp(redis.port, 0);
  });
  afterAll(async () => {
    await client?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!redis || !client || !clock) throw new Error('the server is started only inside tests');
    return { redis, client, clock };
  };
  return {
    get port() {
      return started().redis.port;
    },
    get client() {
      return started().client;
    },
    setClock: (us) => setFrozenClock(started().clock, us),
  };
}
