import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { startRedis, type RedisProcess } from './redis-process.ts';
import { createClockFile, setFrozenClock, type ClockFile } from './clock-shim/build.ts';
import { FROZEN_CLOCK_US } from './config.ts';
import { connectResp, type RespClient } from './resp-client.ts';

// The shim is proven on a server of this file's own, so moving its clock never
// disturbs the run's shared frozen server.

let dir: string;
let clock: ClockFile;
let server: RedisProcess;
let c: RespClient;

const T0 = 1_700_000_000_654_321;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'emq-clock-test-'));
  clock = createClockFile(dir, T0);
  server = await startRedis({ frozenClock: { shim: inject('clockShim'), file: clock.path } });
  c = await connectResp(server.port, 0);
});
afterAll(async () => {
  await c?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const timeOf = (us: number) => [String(Math.floor(us / 1e6)), String(us % 1e6)];

describe('the frozen-clock shim', () => {
  test("TIME answers the file's value, to the microsecond, again and again", async () => {
    const replies = await c.pipeline([['TIME'], ['TIME'], ['TIME']]);
    expect(replies).toEqual([timeOf(T0), timeOf(T0), timeOf(T0)]);
  });

  test('TIME moves when the file changes, backwards too', async () => {
    setFrozenClock(clock, T0 + 86_400_000_000);
    expect(await c.pipeline([['TIME']])).toEqual([timeOf(T0 + 86_400_000_000)]);
    setFrozenClock(clock, 1_000_000_000_000_007);
    expect(await c.pipeline([['TIME']])).toEqual([timeOf(1_000_000_000_000_007)]);
    setFrozenClock(clock, T0);
  });

  test("a script's redis.call('TIME') reads the same frozen value", async () => {
    const [reply] = await c.pipeline([['EVAL', "return redis.call('TIME')", '0']]);
    expect(reply).toEqual(timeOf(T0));
  });

  test("the server's cached command time (server.mstime) is frozen too: PTTL is exact", async () => {
    const ms = Math.floor(T0 / 1000);
    const replies = await c.pipeline([
      ['SET', 'k', 'v', 'PXAT', String(ms + 12_345)],
      ['PTTL', 'k'],
    ]);
    expect(replies).toEqual([{ status: 'OK' }, { int: '12345' }]);
    setFrozenClock(clock, T0 + 5_000_000);
    expect(await c.pipeline([['PTTL', 'k']])).toEqual([{ int: '7345' }]);
    setFrozenClock(clock, T0);
  });

  test('the monotonic clock is left running: a long script is still seen as busy', async () => {
    // Redis times a running script on CLOCK_MONOTONIC (script.c, getMonotonicUs),
    // which the shim passes through. With the busy threshold at 10 ms, another
    // client asking during a long script is answered BUSY; with a frozen
    // monotonic clock the script would never count as slow. (Blocking-command
    // timeouts and TTL expiry read the wall clock, so they stand still here.)
    const other = await connectResp(server.port, 0);
    try {
      await other.pipeline([['CONFIG', 'SET', 'busy-reply-threshold', '10']]);
      let done = false;
      const long = c
        .pipeline([['EVAL', 'local i = 0 while i < 2e7 do i = i + 1 end return i', '0']])
        .finally(() => (done = true));
      const seen: unknown[] = [];
      while (!done && !seen.some((r) => JSON.stringify(r).includes('BUSY'))) {
        seen.push(...(await other.pipeline([['PING']])));
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await long).toEqual([{ int: '20000000' }]);
      expect(seen.map((r) => JSON.stringify(r)).join('\n')).toContain(
        'BUSY Redis is busy running a script',
      );
    } finally {
      await other.pipeline([['CONFIG', 'SET', 'busy-reply-threshold', '5000']]);
      await other.close();
    }
  });

  test('the shared frozen server of the run stands at FROZEN_CLOCK_US', async () => {
    const shared = await connectResp(inject('frozenRedisPort'), 0);
    try {
      expect(await shared.pipeline([['TIME']])).toEqual([timeOf(FROZEN_CLOCK_US)]);
    } finally {
      await shared.close();
    }
  });
});
