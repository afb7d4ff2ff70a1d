import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import { sha1Hex } from '../sha1.ts';
import type { Reply } from '../trace-types.ts';

/** Runs `script` on a fresh server with `budget` steps; its reply, and how far it got (`n`). */
function runCounted(script: string, budget: number): { reply: Reply; n: number } {
  const server = createServer({ scriptStepBudget: budget });
  const reply = server.call(['EVAL', script, '0']);
  return { reply, n: Number(server.call(['GET', 'n']) ?? 0) };
}

const stopped = (script: string) => ({
  error: expect.stringMatching(
    new RegExp(`^ERR the simulator stopped script ${sha1Hex(script)} after \\d+ steps`),
  ),
});

/**
 * A script that does `setup`, then up to `times` rounds of INCR `n` and `work`, then returns
 * `result`: the shape of every case below, where `n` tells how far the budget let it get.
 */
const counted = (setup: string, times: number, work: string, result = "'done'") =>
  `${setup}\nfor i = 1, ${times} do redis.call('INCR', 'n') ${work} end\nreturn ${result}`;

/** `script`, which INCRs `n` once a round, meets a budget of 1,000,000 steps within `rounds`. */
function expectStoppedWithin(script: string, rounds: number): void {
  const { reply, n } = runCounted(script, 1_000_000);
  expect(reply).toEqual(stopped(script));
  expect(n).toBeLessThan(rounds);
}

describe('library calls pay the step budget for the work they do', () => {
  test('a loop of pattern matches that backtrack meets the budget in a few calls', () => {
    const script = counted("local s = string.rep('a', 1000)", 20, "string.find(s, '.-b')");
    expectStoppedWithin(script, 5);
  });

  test('a loop rebuilding a megabyte meets the budget by its bytes, not its statements', () => {
    const script = counted(
      "local s = string.rep('a', 1000000)",
      1000,
      's = s:upper():lower()',
      '#s',
    );
    expectStoppedWithin(script, 100);
  });

  test('cjson and cmsgpack pay for what they encode and decode', () => {
    for (const codec of ['cjson.decode(cjson.encode(t))', 'cmsgpack.unpack(cmsgpack.pack(t))']) {
      const script = counted('local t = {} for i = 1, 1000 do t[i] = i end', 10000, codec, '1');
      expectStoppedWithin(script, 2000);
    }
  });

  test('a big reply from redis.call is paid for by its size', () => {
    const server = createServer({ scriptStepBudget: 200_000 });
    server.call(['EVAL', "for i = 1, 20000 do redis.call('RPUSH', 'l', 'item' .. i) end", '0']);
    const script =
      "for i = 1, 1000 do redis.call('INCR', 'n') redis.call('LRANGE', 'l', 0, -1) end";
    expect(server.call(['EVAL', script, '0'])).toEqual(stopped(script));
    expect(Number(server.call(['GET', 'n']))).toBeLessThan(100);
  });

  test('table.sort and table.insert pay per comparison and per element moved', () => {
    const script =
      'local t = {} for i = 1, 3000 do t[i] = 3000 - i end\n' +
      "for i = 1, 1000 do redis.call('INCR', 'n') table.insert(t, 1, i) table.sort(t) end";
    expectStoppedWithin(script, 100);
  });

  test('redis.sha1hex pays for the bytes it digests', () => {
    const script = counted("local s = string.rep('x', 1000000)", 1000, 'redis.sha1hex(s)');
    expectStoppedWithin(script, 100);
  });

  test('reading a long string as a number pays for its digits: tonumber and arithmetic', () => {
    for (const read of ['tonumber(s)', 's + 0', 'tonumber(s, 2)']) {
      const script = counted("local s = string.rep('1', 1000000)", 10000, `local x = ${read}`);
      expectStoppedWithin(script, 100);
    }
  });

  test('a long string used as a table key pays for its hashing on each access', () => {
    const script = counted(
      "local s = string.rep('x', 1000000) local t = {}",
      2000,
      't[s] = i',
      't[s]',
    );
    expectStoppedWithin(script, 100);
  });

  test('loadstring pays for the tokens it reads', () => {
    const script = counted("local src = string.rep('x = 1 ', 2000)", 1000, 'loadstring(src)');
    expectStoppedWithin(script, 100);
  });

  test('unpack pays per value, and ordering long strings by what it reads', () => {
    for (const work of ['select("#", unpack(t))', 'local x = s < u', 'local x = s <= u']) {
      const script =
        "local s, u = string.rep('x', 1000000), string.rep('x', 1000000) .. 'y'\n" +
        'local t = {} for i = 1, 7000 do t[i] = i end\n' +
        `for i = 1, 100000 do redis.call('INCR', 'n') ${work} end\nreturn 'done'`;
      expectStoppedWithin(script, 1000);
    }
  });

  test('a script within its budget runs as before', () => {
    const script = "return {('x'):rep(3):upper(), string.find(string.rep('a', 100) .. 'b', '.-b')}";
    expect(runCounted(script, 1_000_000).reply).toEqual(['XXX', 1, 101]);
    const reading =
      "local s = ('1'):rep(200) local t = {[s] = 'key'}\n" +
      "return {tonumber(s) == s + 0, tostring(tonumber(('1'):rep(70), 2)), t[s], #redis.sha1hex(s)}";
    expect(runCounted(reading, 1_000_000).reply).toEqual([1, '1.844674407371e+19', 'key', 40]);
    const loading =
      "return {loadstring('return ' .. string.rep('1 + ', 500) .. '1')(), select('#', loadstring('x ='))}";
    expect(runCounted(loading, 1_000_000).reply).toEqual([501, 2]);
  });
});

describe("the script's heap", () => {
  test("a string past the simulator's cap fails as Lua's allocator does on a real server", () => {
    const script = "return string.rep('x', 2^29)";
    expect(createServer().call(['EVAL', script, '0'])).toEqual({
      error: `ERR Error running script ${sha1Hex(script)}, not enough memory`,
    });
  });

  test('pcall catches it, as it catches a real allocation failure', () => {
    const script = "return {pcall(string.rep, 'x', 2^29)}";
    expect(createServer().call(['EVAL', script, '0'])).toEqual([null, 'not enough memory']);
  });

  test("a stepped run (the stepper's path) and a function meet the same cap", () => {
    const script = "return string.rep('x', 2^29)";
    const server = createServer();
    const { reply } = server.trace(['EVAL', script, '0']);
    expect(reply).toEqual({
      error: `ERR Error running script ${sha1Hex(script)}, not enough memory`,
    });
    server.call([
      'FUNCTION',
      'LOAD',
      "#!lua name=big\nredis.register_function('big', function() return string.rep('x', 2^29) end)",
    ]);
    expect(server.call(['FCALL', 'big', '0'])).toEqual({
      error: 'ERR Error running script big, not enough memory',
    });
  });
});

describe('the time limit', () => {
  test('ends a script past it, saying what a real server would do before a write', () => {
    const server = createServer({ scriptTimeLimitMs: 0 });
    const script = 'while true do end';
    const reply = server.call(['EVAL', script, '0']);
    expect(reply).toEqual({
      error:
        `ERR the simulator stopped script ${sha1Hex(script)} after 0 seconds (at user_script:1): ` +
        'that is its time limit for one run. A real server would keep running it to its end, ' +
        'however long, answering every other client BUSY; SCRIPT KILL or SHUTDOWN NOSAVE ends ' +
        'it sooner.',
    });
  });

  test('is read after every redis.call, which may do work its reply does not show', () => {
    const server = createServer({ scriptTimeLimitMs: 0 });
    const members = Array.from({ length: 20000 }, (_, i) => String(i));
    server.call(['SADD', 'a', ...members]);
    server.call(['SADD', 'b', ...members.map((m) => `-${m}`)]);
    const script =
      "for i = 1, 1000 do redis.call('INCR', 'n') redis.call('SUNIONSTORE', 'u', 'a', 'b') end";
    expect(server.call(['EVAL', script, '0'])).toEqual({
      error: expect.stringMatching(
        new RegExp(`^ERR the simulator stopped script ${sha1Hex(script)} after 0 seconds`),
      ),
    });
    expect(Number(server.call(['GET', 'n']))).toBeLessThan(100);
  });

  test('after a write, the way out a real server leaves is SHUTDOWN NOSAVE', () => {
    const server = createServer({ scriptTimeLimitMs: 0 });
    // a write command counts even when it changes nothing, as on a real server
    const reply = server.call(['EVAL', "redis.call('DEL', 'nokey') while true do end", '0']);
    expect((reply as { error: string }).error).toMatch(
      /only SHUTDOWN NOSAVE ends it sooner: the script has written, so SCRIPT KILL answers UNKILLABLE\.$/,
    );
  });
});
