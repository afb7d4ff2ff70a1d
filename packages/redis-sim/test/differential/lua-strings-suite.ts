/**
 * What every lua-strings test file shares: one connection to the suite's real server for the
 * file, the comparison of a batch of library calls against it, and the exact text of a double.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { formatCFloat } from '../../src/lua/lib/c-printf.ts';
import { divergences, describe as report } from './lua-strings-compare.ts';
import { connectBytes, type LibCall } from './lua-strings-harness.ts';

/** The real server a test file compares against, connected for the file's tests. */
export interface LibServer {
  /** the live connection (valid inside tests) */
  readonly redis: Redis;
  /** runs `calls` on the real server and on the simulator and expects no divergence */
  expectSame(calls: LibCall[]): Promise<void>;
}

/** Connects before the file's tests and quits after them. */
export function useLibServer(): LibServer {
  let redis: Redis | undefined;
  beforeAll(async () => {
    redis = await connectBytes(inject('redisPort'));
  });
  afterAll(async () => {
    await redis?.quit();
  });
  const live = (): Redis => {
    if (!redis) throw new Error('the real server is connected only inside tests');
    return redis;
  };
  return {
    get redis() {
      return live();
    },
    async expectSame(calls) {
      const found = await divergences(live(), calls);
      expect(report(found), `${found.length} of ${calls.length} calls diverge`).toBe('');
    },
  };
}

/** The exact text of a double (%.17g, which strtod reads back to the same double). */
export function exactText(x: number): string {
  return Number.isNaN(x) ? 'nan' : formatCFloat({ flags: '', width: 0, precision: 17 }, 'g', x);
}
