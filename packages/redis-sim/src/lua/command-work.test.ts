import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import { sha1Hex } from '../sha1.ts';
import type { SimServer } from '../server.ts';

/**
 * Commands whose work neither their arguments nor their reply show (a union stored and
 * answered with a count, a sort by other keys, LCS's table) charge the script that sends them
 * for it: a loop of one meets the step budget, with the budget's own words, as a loop of
 * library calls does (work.test.ts). Each case gives a command a few tens of thousands of
 * elements of work a call and a budget of 1,000,000 steps, so the budget ends the loop well
 * before its 400 rounds; before these charges, every round was paid for by its reply alone.
 */
const BUDGET = 1_000_000;
const ROUNDS = 400;

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

/** A server with sets, sorted sets, lists, a hash and strings of thousands of elements each. */
function bigServer(): SimServer {
  const server = createServer({ scriptStepBudget: BUDGET });
  const call = (args: string[]) => server.call(args);
  call(['SADD', 'a', ...range(10_000, (i) => `m${i}`)]);
  call(['SADD', 'b', ...range(10_000, (i) => `m${i + 5_000}`)]);
  call(['ZADD', 'za', ...range(10_000, (i) => [String(i), `m${i}`]).flat()]);
  call(['ZADD', 'zb', ...range(10_000, (i) => [String(i), `m${i + 5_000}`]).flat()]);
  call(['RPUSH', 'l', ...range(5_000, (i) => String((i * 7919) % 5_000))]);
  call(['RPUSH', 'biglist', ...range(20_000, (i) => `e${i}`)]);
  call(['MSET', ...range(5_000, (i) => [`w_${i}`, String(5_000 - i)]).flat()]);
  call(['HSET', 'h', ...range(10_000, (i) => [`f${i}`, 'v']).flat()]);
  call(['SET', 's1', 'ab'.repeat(600)]);
  call(['SET', 's2', 'ba'.repeat(600)]);
  call(['MSET', ...range(10_000, (i) => [`key:${i}`, 'v']).flat()]);
  call(['SET', 'bigstr', 'x'.repeat(1_000_000)]);
  call(['HSET', 'bighash', 'f', 'x'.repeat(1_000_000)]);
  return server;
}

/** A script that sends `command` (Lua arguments) `ROUNDS` times, counting the rounds in KEYS[1]. */
const looping = (command: string) =>
  `for i = 1, ${ROUNDS} do redis.call('INCR', KEYS[1]) redis.call(${command}) end return 'done'`;

/** The big server the cases share: none changes what another reads (they write `u`, `n:*`). */
let shared: SimServer | null = null;

/** Runs `looping(command)` on the big server: its reply and how many rounds it began. */
function runLoop(
  command: string,
  server = (shared ??= bigServer()),
): { reply: unknown; n: number } {
  const counter = `n:${sha1Hex(command)}`;
  const reply = server.call(['EVAL', looping(command), '1', counter]);
  return { reply, n: Number(server.call(['GET', counter])) };
}

const stoppedByBudget = (command: string) => ({
  error: expect.stringMatching(
    new RegExp(`^ERR the simulator stopped script ${sha1Hex(looping(command))} after \\d+ steps`),
  ),
});

/** A loop of `command` on `server` meets the budget within half its rounds, in its words. */
function expectStoppedEarly(command: string, server?: SimServer): void {
  const { reply, n } = runLoop(command, server);
  expect(reply).toEqual(stoppedByBudget(command));
  expect(n).toBeLessThan(ROUNDS / 2);
}

describe('a command pays the step budget for the work its reply does not show', () => {
  const cases: Array<[string, string]> = [
    ['SUNIONSTORE', "'SUNIONSTORE', 'u', 'a', 'b'"],
    ['SINTERSTORE', "'SINTERSTORE', 'u', 'a', 'b'"],
    ['SDIFFSTORE', "'SDIFFSTORE', 'u', 'a', 'b'"],
    ['SINTERCARD', "'SINTERCARD', 2, 'a', 'b', 'LIMIT', 1"],
    ['ZUNIONSTORE', "'ZUNIONSTORE', 'u', 2, 'za', 'zb'"],
    ['ZINTERSTORE', "'ZINTERSTORE', 'u', 2, 'za', 'zb', 'AGGREGATE', 'MAX'"],
    ['ZDIFFSTORE', "'ZDIFFSTORE', 'u', 2, 'za', 'zb'"],
    ['ZINTERCARD', "'ZINTERCARD', 2, 'za', 'zb', 'LIMIT', 1"],
    ['ZRANGESTORE', "'ZRANGESTORE', 'u', 'za', 0, -1"],
    ['ZRANGEBYSCORE near the end', "'ZRANGEBYSCORE', 'za', 9990, '+inf', 'LIMIT', 0, 1"],
    ['SORT BY … GET … STORE', "'SORT', 'l', 'BY', 'w_*', 'GET', '#', 'GET', 'w_*', 'STORE', 'u'"],
    ['SORT_RO BY … LIMIT', "'SORT_RO', 'l', 'BY', 'w_*', 'LIMIT', 0, 1"],
    ['LCS LEN', "'LCS', 's1', 's2', 'LEN'"],
    ['COPY of a big set', "'COPY', 'a', 'u', 'REPLACE'"],
    ['KEYS matching nothing', "'KEYS', 'nothing:*'"],
    ['SCAN of one key a page', "'SCAN', 0, 'COUNT', 1"],
    ['HSCAN of one field a page', "'HSCAN', 'h', 0, 'COUNT', 1"],
    ['ZSCAN of one member a page', "'ZSCAN', 'za', 0, 'COUNT', 1"],
    ['SRANDMEMBER of a few distinct members', "'SRANDMEMBER', 'a', 5"],
    ['LPOS of an element not there', "'LPOS', 'biglist', 'nothing'"],
    ['LREM of an element not there', "'LREM', 'biglist', 0, 'nothing'"],
    ['LINSERT before a pivot not there', "'LINSERT', 'biglist', 'BEFORE', 'nothing', 'x'"],
    ['LTRIM keeping the whole list', "'LTRIM', 'biglist', 0, -1"],
    ['STRLEN of a long value', "'STRLEN', 'bigstr'"],
    ['GETRANGE of a byte of a long value', "'GETRANGE', 'bigstr', 0, 0"],
    ['HSTRLEN of a long field', "'HSTRLEN', 'bighash', 'f'"],
  ];
  test.each(cases)('a loop of %s meets the budget', (_name, command) => {
    expectStoppedEarly(command);
  });

  // the simulator's strings are immutable text: these remake a whole value for one byte, where
  // a real server's work is that byte
  test.each([
    ['SETRANGE of a byte of a long value', "'SETRANGE', 'bigstr', 0, 'y'"],
    ['APPEND of a byte to a long value', "'APPEND', 'bigstr', 'y'"],
    [
      'SETRANGE past the end of a new key',
      "'SETRANGE', 'fresh', 1000000, 'x') redis.call('DEL', 'fresh'",
    ],
  ])('a loop of %s meets the budget', (_name, command) => {
    expectStoppedEarly(command, bigServer());
  });

  // a list is a ring (list-items.ts): a push or a pop at either end costs what it costs on a
  // short list, as on a real server's quicklist, so a loop of them runs to its end
  test.each([
    ['LPUSH onto a long list', "'LPUSH', 'biglist', 'x'"],
    ['LMOVE onto the left of a long list', "'LMOVE', 'biglist', 'biglist', 'RIGHT', 'LEFT'"],
    ['LPOP from a long list', "'LPOP', 'biglist') redis.call('RPUSH', 'biglist', 'x'"],
    [
      'LPOP of a count from a long list',
      "'LPOP', 'biglist', 1) redis.call('RPUSH', 'biglist', 'x'",
    ],
    [
      'LMPOP from the left of a long list',
      "'LMPOP', 1, 'biglist', 'LEFT') redis.call('RPUSH', 'biglist', 'x'",
    ],
    ['LMOVE from the left of a long list', "'LMOVE', 'biglist', 'biglist', 'LEFT', 'RIGHT'"],
  ])('a loop of %s runs to its end', (_name, command) => {
    expect(runLoop(command, bigServer())).toEqual({ reply: 'done', n: ROUNDS });
  });

  test('a write then a read by rank pays for mending the order of a big sorted set', () => {
    const command = "'ZADD', 'za', -i, 'new' .. i) redis.call('ZRANK', 'za', 'm1'";
    expectStoppedEarly(command, bigServer());
  });

  // a set's members are listed once and kept until a write (set-value.ts): a write between
  // reads makes every read list them anew, which is charged
  test.each([
    ['SPOP of one member', "'SPOP', 'a'"],
    [
      'SADD, then SRANDMEMBER of one member',
      "'SADD', 'a', 'new' .. i) redis.call('SRANDMEMBER', 'a'",
    ],
    [
      'SADD, then SSCAN of one member a page',
      "'SADD', 'a', 'new' .. i) redis.call('SSCAN', 'a', 0, 'COUNT', 1",
    ],
  ])('a loop of %s on a big set meets the budget', (_name, command) => {
    expectStoppedEarly(command, bigServer());
  });

  test('small commands cost as little as before: a script of them runs to its end', () => {
    const server = createServer({ scriptStepBudget: 2_000 });
    server.call(['SADD', 'x', '1', '2', '3']);
    server.call(['SADD', 'y', '2', '3', '4']);
    server.call(['RPUSH', 'l', '3', '1', '2']);
    const script =
      "return {redis.call('SUNIONSTORE', 'u', 'x', 'y'), redis.call('SINTERCARD', 2, 'x', 'y'), " +
      "redis.call('SORT', 'l', 'STORE', 'sorted'), redis.call('LCS', 'x1', 'y1', 'LEN'), " +
      "redis.call('COPY', 'u', 'v'), #redis.call('KEYS', '*')}";
    expect(server.call(['EVAL', script, '0'])).toEqual([4, 2, 3, 0, 1, 6]);
  });
});

describe('LTRIM on a big list', () => {
  const list = range(200_000, (i) => String(i % 3));

  test('LTRIM keeps a range of 199,999 elements (a cut spread into arguments overflowed the stack)', () => {
    const server = createServer();
    server.call(['RPUSH', 'l', ...list]);
    expect(server.call(['LTRIM', 'l', '1', '-1'])).toEqual({ status: 'OK' });
    expect(server.call(['LLEN', 'l'])).toBe(199_999);
    expect(server.call(['LRANGE', 'l', '0', '2'])).toEqual(['1', '2', '0']);
  });
});
