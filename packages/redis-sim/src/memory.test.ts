/**
 * What the simulator's maxmemory does where a real server cannot be asked the same question
 * (the differential suite, test/differential/maxmemory.test.ts, compares the rest): its default
 * limit, the values it refuses in plain words, the ceiling that ends a script running past
 * the limit, and an estimate that is stable and grows with what is stored.
 */
import { describe, expect, test } from 'vitest';
import { createServer } from './create-server.ts';
import { OOM } from './errors.ts';
import { measure } from './memory.ts';

const oom = { error: OOM };

describe('maxmemory in the simulator', () => {
  test('a fresh server has a 64mb limit and the noeviction policy', () => {
    const s = createServer({ now: () => 0 });
    expect(s.call(['CONFIG', 'GET', '*'])).toEqual([
      'maxmemory',
      '67108864',
      'maxmemory-policy',
      'noeviction',
    ]);
  });

  test('a keyspace filled past the default limit refuses writes, answers reads, and frees', () => {
    const s = createServer({ now: () => 0 });
    const filled = s.call([
      'EVAL',
      "for i = 1, 70 do redis.call('SET', 'k' .. i, string.rep('x', 1000000)) end return 70",
      '0',
    ]);
    expect(filled).toBe(70);
    expect(s.call(['SET', 'one', 'more'])).toEqual(oom);
    expect(s.call(['RPUSH', 'l', 'x'])).toEqual(oom);
    expect(s.call(['STRLEN', 'k70'])).toBe(1000000);
    expect(s.call(['PING'])).toEqual({ status: 'PONG' });
    expect(s.call(['FLUSHALL'])).toEqual({ status: 'OK' });
    expect(s.call(['SET', 'one', 'more'])).toEqual({ status: 'OK' });
  });

  test('no limit, a limit past 256mb and another policy are refused in plain words', () => {
    const s = createServer({ now: () => 0 });
    const failed = (arg: string) =>
      expect.stringMatching(
        new RegExp(
          `^ERR CONFIG SET failed \\(possibly related to argument '${arg}'\\) - the simulator`,
        ),
      );
    expect(s.call(['CONFIG', 'SET', 'maxmemory', '0'])).toEqual({ error: failed('maxmemory') });
    expect(s.call(['CONFIG', 'SET', 'maxmemory', '1gb'])).toEqual({ error: failed('maxmemory') });
    expect(s.call(['CONFIG', 'SET', 'maxmemory', '256mb'])).toEqual({ status: 'OK' });
    expect(s.call(['CONFIG', 'SET', 'maxmemory-policy', 'allkeys-lru'])).toEqual({
      error: failed('maxmemory-policy'),
    });
    expect(s.call(['CONFIG', 'SET', 'port', '7000'])).toEqual({ error: failed('port') });
    expect(s.call(['CONFIG', 'GET', 'port'])).toEqual({
      error: expect.stringContaining('the simulator models only maxmemory and maxmemory-policy'),
    });
    // nothing of a refused CONFIG SET is applied
    expect(
      s.call(['CONFIG', 'SET', 'maxmemory', '1mb', 'maxmemory-policy', 'volatile-ttl']),
    ).toEqual({ error: failed('maxmemory-policy') });
    expect(s.call(['CONFIG', 'GET', 'maxmemory'])).toEqual(['maxmemory', '268435456']);
  });

  test('a restart forgets CONFIG SET, as a server without a config file does', () => {
    const s = createServer({ now: () => 0 });
    s.call(['CONFIG', 'SET', 'maxmemory', '1']);
    expect(s.call(['SET', 'a', 'b'])).toEqual(oom);
    s.call(['SHUTDOWN', 'NOSAVE']);
    expect(s.call(['CONFIG', 'GET', 'maxmemory'])).toEqual(['maxmemory', '67108864']);
    expect(s.call(['SET', 'a', 'b'])).toEqual({ status: 'OK' });
  });

  test('a clone and a restored snapshot keep the limit and measure their own keys', () => {
    const s = createServer({ now: () => 0 });
    s.call(['CONFIG', 'SET', 'maxmemory', '2mb']);
    s.call(['SET', 'big', 'x'.repeat(3_000_000)]);
    expect(s.clone().call(['SET', 'a', 'b'])).toEqual(oom);
    const snap = s.snapshot();
    s.call(['DEL', 'big']);
    expect(s.call(['SET', 'a', 'b'])).toEqual({ status: 'OK' });
    s.restore(snap);
    expect(s.call(['SET', 'a', 'b'])).toEqual(oom);
  });

  test('an expired key frees its memory', () => {
    let now = 0;
    const s = createServer({ now: () => now });
    s.call(['CONFIG', 'SET', 'maxmemory', '2mb']);
    s.call(['SET', 'big', 'x'.repeat(3_000_000), 'PX', '10']);
    expect(s.call(['SET', 'a', 'b'])).toEqual(oom);
    now = 11;
    expect(s.call(['SET', 'a', 'b'])).toEqual({ status: 'OK' });
  });

  test('a script that runs past the limit is ended at the ceiling; pcall cannot catch it', () => {
    const s = createServer({ now: () => 0 });
    s.call(['CONFIG', 'SET', 'maxmemory', '256mb']);
    // COPY shares the string here, but each copy counts as the server would store it
    s.call(['SET', 'big', 'x'.repeat(5_000_000)]);
    const reply = s.call([
      'EVAL',
      "for i = 1, 1000 do redis.pcall('COPY', 'big', 'c' .. i) end return 'never'",
      '0',
    ]);
    expect(reply).toEqual({
      error: expect.stringMatching(/^ERR the simulator stopped adding to the keyspace/),
    });
    expect(s.call(['DBSIZE'])).toBeLessThan(120);
    expect(s.call(['PING'])).toEqual({ status: 'PONG' });
    expect(s.call(['SET', 'a', 'b'])).toEqual(oom);
  });

  test('the estimate is stable and grows with every key and element', () => {
    const s = createServer({ now: () => 0 });
    const sizes = [measure(s.keyspace)];
    const writes = [
      ['SET', 's', 'v'],
      ['APPEND', 's', 'more'],
      ['RPUSH', 'l', 'a'],
      ['RPUSH', 'l', 'b'],
      ['HSET', 'h', 'f', 'v'],
      ['HSET', 'h', 'g', 'x'.repeat(100)],
      ['SADD', 'i', '1'],
      ['SADD', 'i', 'x'],
      ['ZADD', 'z', '1', 'm'],
      ['ZADD', 'z', '2', 'n'.repeat(100)],
      ['EXPIRE', 's', '100'],
    ];
    for (const w of writes) {
      s.call(w);
      sizes.push(measure(s.keyspace));
      expect(measure(s.keyspace)).toBe(sizes.at(-1));
    }
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]!);
  });
});
