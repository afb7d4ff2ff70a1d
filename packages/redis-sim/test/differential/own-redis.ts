/**
 * A redis-server of a test file's own, on a free loopback port, with its clock live (not the
 * frozen one): for suites that flush it, load users and scripts, or read TIME as a real server
 * answers it, where nothing else may see what they do. Started before the file's tests and
 * stopped after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { startRedis, type RedisProcess } from './redis-process.ts';
import { connectReal, type RealServer } from './real-server.ts';

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
