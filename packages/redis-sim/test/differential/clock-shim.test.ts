import { describe, expect, inject, test } from 'vitest';
import { createServer } from '../../src/index.ts';
import { wireOfSim } from './lua-sides.ts';
import { FROZEN_CLOCK_US } from './config.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { connectResp } from './resp-client.ts';

// The shim is proven on a server of this file's own, so moving its clock never
// disturbs the run's shared frozen server.

const T0 = 1_700_000_000_654_321;
const own = useOwnFrozenRedis(T0);

const timeOf = (us: number) => [String(Math.floor(us / 1e6)), String(us % 1e6)];

describe('the frozen-clock shim', () => {
  test("TIME answers the file's value, to the microsecond, again and again", async () => {
    const replies = await own.client.pipeline([['TIME'], ['TIME'], ['TIME']]);
    expect(replies).toEqual([timeOf(T0), timeOf(T0), timeOf(T0)]);
  });

  test('TIME moves when the file changes, backwards too', async () => {
    own.setClock(T0 + 86_400_000_000);
    expect(await own.client.pipeline([['TIME']])).toEqual([timeOf(T0 + 86_400_000_000)]);
    own.setClock(1_000_000_000_000_007);
    expect(await own.client.pipeline([['TIME']])).toEqual([timeOf(1_000_000_000_000_007)]);
    own.setClock(T0);
  });

  test("a script's redis.call('TIME') reads the same frozen value", async () => {
    const [reply] = await own.client.pipeline([['EVAL', "return redis.call('TIME')", '0']]);
    expect(reply).toEqual(timeOf(T0));
  });

  test("the server's cached command time (server.mstime) is frozen too: PTTL is exact", async () => {
    const ms = Math.floor(T0 / 1000);
    const replies = await own.client.pipeline([
      ['SET', 'k', 'v', 'PXAT', String(ms + 12_345)],
      ['PTTL', 'k'],
    ]);
    expect(replies).toEqual([{ status: 'OK' }, { int: '12345' }]);
    own.setClock(T0 + 5_000_000);
    expect(await own.client.pipeline([['PTTL', 'k']])).toEqual([{ int: '7345' }]);
    own.setClock(T0);
  });

  test('the monotonic clock is left running: a long script is still seen as busy', async () => {
    // Redis times a running script on CLOCK_MONOTONIC (script.c, getMonotonicUs),
    // which the shim passes through. With the busy threshold at 10 ms, another
    // client asking during a long script is answered BUSY; with a frozen
    // monotonic clock the script would never count as slow. (Blocking-command
    // timeouts and TTL expiry read the wall clock, so they stand still here.)
    const other = await connectResp(own.port, 0);
    try {
      await other.pipeline([['CONFIG', 'SET', 'busy-reply-threshold', '10']]);
      let done = false;
      const long = own.client
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

  test('a simulator whose clock stands at the same microsecond answers TIME as the real server', async () => {
    // T0 is not a whole millisecond: TIME keeps the fraction, as gettimeofday does, while the
    // millisecond clock of expiry reads the whole milliseconds
    const sim = createServer({ now: () => T0 / 1000 });
    const cmds = [
      ['TIME'],
      ['EVAL', "return redis.call('TIME')", '0'],
      ['SET', 'k', 'v', 'PXAT', String(Math.floor(T0 / 1000) + 12_345)],
      ['PTTL', 'k'],
    ];
    const real = await own.client.pipeline(cmds);
    expect(cmds.map((c) => wireOfSim(sim.call(c)))).toEqual(real);
    expect(real[0]).toEqual(timeOf(T0));
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
