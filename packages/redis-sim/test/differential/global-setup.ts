import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRedis } from './redis-process.ts';
import { buildClockShim, createClockFile } from './clock-shim/build.ts';
import { FROZEN_CLOCK_US } from './config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback port of the redis-server this run started for the differential suite. */
    redisPort: number;
    /** A second redis-server whose wall clock stands still at FROZEN_CLOCK_US (the Lua suites). */
    frozenRedisPort: number;
    /** The frozen-clock shim built for this run (a test may start its own server with it). */
    clockShim: string;
  }
}

/**
 * Vitest global setup: one throwaway redis-server on a free loopback port, with no
 * persistence and a temp working dir, for every test file of the run, and a second
 * one whose wall clock is frozen by the LD_PRELOAD shim (built here with gcc) at
 * {@link FROZEN_CLOCK_US}, for the suites whose scripts read TIME. The ports are
 * handed to the tests with `provide`; the returned teardown always stops both.
 * A missing or broken redis-server or gcc fails the run loudly: the differential
 * suites are never skipped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-sim-frozen-'));
  const shim = buildClockShim(dir);
  const clock = createClockFile(dir, FROZEN_CLOCK_US);
  const server = await startRedis();
  let frozen;
  try {
    frozen = await startRedis({ frozenClock: { shim, file: clock.path } });
  } catch (err) {
    await server.stop();
    throw err;
  }
  project.provide('redisPort', server.port);
  project.provide('frozenRedisPort', frozen.port);
  project.provide('clockShim', shim);
  return async () => {
    await Promise.all([server.stop(), frozen.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
}
