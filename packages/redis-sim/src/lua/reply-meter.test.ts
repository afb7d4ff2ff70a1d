import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import { sha1Hex } from '../sha1.ts';
import { simulatorStopOf } from '../stop-texts.ts';

/**
 * A script's reply is read back from Lua after its last step. A table naming one megabyte
 * string three hundred times is a run of a few hundred steps and a reply of 300 MB: read back
 * uncharged, it held a stepper's worker (and the copy to the page) past the run's time limit,
 * whose words then said, untruly, that a real server would still be running the script.
 */
const naming = (times: number) =>
  "local s = string.rep('x', 1000000) local t = {} " +
  `for i = 1, ${times} do t[i] = s end return t`;

const budgetStop = (name: string, steps: number, wrote: string) =>
  `ERR the simulator stopped script ${name} after ${steps} steps as it read back its reply: ` +
  'the script ran to its end, but its reply is more than its step budget has left, which ' +
  'counts a step for every 64 bytes of the reply (a string as often as the reply names it). ' +
  `A real server would build the whole reply in memory and send it, however large.${wrote}`;

describe("a script's reply, read back from Lua, is paid for by its size", () => {
  test('a string as often as the reply names it: past the budget the run ends saying the script ran to its end', () => {
    const script = `redis.call('SET', 'mark', '1') ${naming(300)}`;
    const server = createServer({ scriptStepBudget: 1_000_000 });
    const reply = server.call(['EVAL', script, '0']) as { error: string };
    expect(reply).toEqual({
      error: budgetStop(sha1Hex(script), 1_000_000, ' What the script wrote stays written.'),
    });
    expect(simulatorStopOf(reply.error)).toBe('reply');
    expect(server.call(['GET', 'mark'])).toBe('1');
  });

  test('within the budget the reply is whole', () => {
    const reply = createServer({ scriptStepBudget: 1_000_000 }).call(['EVAL', naming(10), '0']);
    expect(reply).toEqual(Array.from({ length: 10 }, () => 'x'.repeat(1_000_000)));
  });

  test('every element counts: a table naming a table of a thousand numbers a thousand times', () => {
    const script =
      'local a = {} for i = 1, 1000 do a[i] = i end ' +
      'local b = {} for i = 1, 1000 do b[i] = a end return b';
    const reply = createServer({ scriptStepBudget: 100_000 }).call(['EVAL', script, '0']);
    expect(reply).toEqual({ error: budgetStop(sha1Hex(script), 100_000, '') });
  });

  test('the time limit is read as the reply is read back, and its stop says the script ran to its end', () => {
    // a script of fewer steps than the clock is read after, so only the read-back reads it
    const script = naming(1000);
    const reply = createServer({ scriptTimeLimitMs: 0 }).call(['EVAL', script, '0']);
    expect(reply).toEqual({
      error:
        `ERR the simulator stopped script ${sha1Hex(script)} after 0 seconds as it read back ` +
        'its reply: the script ran to its end, but its reply is more than the simulator reads ' +
        'back within its time limit for one run (a string counts as often as the reply names ' +
        'it). A real server would build the whole reply in memory and send it, however large.',
    });
  });

  test("a function's reply and a stepped run's alike", () => {
    const server = createServer({ scriptStepBudget: 1_000_000 });
    server.call([
      'FUNCTION',
      'LOAD',
      `#!lua name=refs\nredis.register_function('refs', function() ${naming(300)} end)`,
    ]);
    expect(server.call(['FCALL', 'refs', '0'])).toEqual({
      error: budgetStop('refs', 1_000_000, ''),
    });
    const { reply } = server.trace(['EVAL', naming(300), '0']);
    expect(reply).toEqual({ error: budgetStop(sha1Hex(naming(300)), 1_000_000, '') });
  });
});
