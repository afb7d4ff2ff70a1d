import type { TestProject } from 'vitest/node';
import { startRedis } from '../../scripts/redis-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback port of the redis-server this run started for the differential suite. */
    redisPort: number;
  }
}

/**
 * Vitest global setup: one throwaway redis-server on a free loopback port, with no
 * persistence and a temp working dir, for every test file of the run. The port is
 * handed to the tests with `provide`; the returned teardown always stops the server.
 * A missing or broken redis-server fails the run loudly: the differential suite is
 * never skipped.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRedis();
  project.provide('redisPort', server.port);
  return () => server.stop();
}
