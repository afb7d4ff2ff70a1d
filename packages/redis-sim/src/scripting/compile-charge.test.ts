import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import type { SimServer } from '../server.ts';
import { sha1Hex } from '../sha1.ts';
import { simulatorStopOf, timeLimitText, type StoppedRun } from '../stop-texts.ts';
import type { Reply } from '../trace-types.ts';

/**
 * A script's compile is work the simulator does before the script's first step: a real server
 * compiles a megabyte in tens of milliseconds, the simulator takes seconds. The compile is
 * charged to the typed line's allowance of steps and bounded by the run's clock, so a huge
 * script ends with the stop a running script gets instead of holding the thread; a script the
 * server already has is not compiled again, so not charged again.
 */

/** `return #{0,0,…}` with `n` zeros on line 2 (about 2n tokens); `tag` makes the text this case's own. */
const longTable = (tag: string, n: number) => `-- ${tag}\nreturn #{${'0,'.repeat(n)}}`;

const who = (script: string): StoppedRun => ({
  name: sha1Hex(script),
  chunk: 'user_script',
  kill: 'SCRIPT KILL',
});

/**
 * Runs `args` on `server` as a console's line runs its commands: with an allowance of `steps`,
 * its repeats together (a replay: no clock); whether the allowance stopped it, or its reply.
 */
function asLine(server: SimServer, steps: number, args: string[]): Reply | 'stopped' {
  server.workAllowance = { steps, deadline: Infinity, limitMs: 5_000 };
  const reply = server.call(args);
  const error = (reply as { error?: string } | null)?.error;
  return error !== undefined && simulatorStopOf(error) === 'steps' ? 'stopped' : reply;
}

describe('a script’s own compile', () => {
  test('past its time limit ends as a run past it does, and the script is not kept', () => {
    const server = createServer({ scriptTimeLimitMs: 0 });
    const script = longTable('EVAL past its time limit', 20_000);
    expect(server.call(['EVAL', script, '0'])).toEqual({
      error: timeLimitText(who(script), 2, 0, false),
    });
    const loaded = longTable('SCRIPT LOAD past its time limit', 20_000);
    expect(server.call(['SCRIPT', 'LOAD', loaded])).toEqual({
      error: timeLimitText(who(loaded), 2, 0, false),
    });
    // it never compiled: EVALSHA of it answers NOSCRIPT, as of any script the server lacks
    expect(server.call(['SCRIPT', 'EXISTS', sha1Hex(script), sha1Hex(loaded)])).toEqual([0, 0]);
  });

  test('is charged to the typed line’s allowance, which its run then shares, once', () => {
    // about 106,000 steps to compile (64 a token read, 64 more to turn it into code), then a
    // step a round
    const script = `-- charged once\nlocal t = {${'0,'.repeat(400)}}\nfor i = 1, tonumber(ARGV[1]) do end\nreturn 1`;
    const server = createServer({});
    expect(asLine(server, 150_000, ['EVAL', script, '0', '60000'])).toBe('stopped');
    // the server has it now: neither EVALSHA nor EVAL compiles it again
    expect(asLine(server, 150_000, ['EVALSHA', sha1Hex(script), '0', '60000'])).toBe(1);
    expect(asLine(server, 150_000, ['EVAL', script, '0', '60000'])).toBe(1);
    // a run's own budget (a stepper's is a few thousand steps) bounds the run alone, so EVAL's
    // run gets what SCRIPT LOAD and EVALSHA's would
    const stepper = createServer({ scriptStepBudget: 10_000 });
    expect(stepper.call(['EVAL', script, '0', '5000'])).toBe(1);
  });

  test('EVAL hashes its text on every call, charged to the line; EVALSHA does not', () => {
    // 3,200,000 bytes of comment: 50,000 steps to hash, then a step a round
    const script = `--[[${'x'.repeat(3_200_000)}]] for i = 1, tonumber(ARGV[1]) do end return 1`;
    const server = createServer({});
    expect(server.call(['SCRIPT', 'LOAD', script])).toBe(sha1Hex(script));
    expect(asLine(server, 40_000, ['EVAL', script, '0', '30000'])).toBe('stopped');
    expect(asLine(server, 40_000, ['EVALSHA', sha1Hex(script), '0', '30000'])).toBe(1);
    expect(asLine(server, 100_000, ['EVAL', script, '0', '30000'])).toBe(1);
  });

  test('turning the tree into code is charged too, before it is done', () => {
    // about 40,000 tokens: about 2,560,000 steps to parse, as many again to turn into code
    const script = longTable('charged parse and code', 20_000);
    const server = createServer({});
    expect(asLine(server, 3_500_000, ['EVAL', script, '0'])).toBe('stopped');
    expect(server.call(['SCRIPT', 'EXISTS', sha1Hex(script)])).toEqual([0]);
    expect(asLine(server, 6_000_000, ['EVAL', script, '0'])).toBe(20_000);
  });

  test('a function compiled again to run in a coroutine is charged, before that compile', () => {
    // about 10,000 tokens: EVAL's compile about 1,280,000 steps, and the function's compile
    // again, suspendably, on its first call in the coroutine about as many; its run a few
    // thousand. Each case's text is its own: a compiled function is kept for every server.
    const chain = (tag: string) =>
      `-- ${tag}\nlocal x = 1 return coroutine.wrap(function() return x${'+tonumber(1)'.repeat(2_000)} end)()`;
    expect(asLine(createServer({}), 2_200_000, ['EVAL', chain('stopped'), '0'])).toBe('stopped');
    expect(asLine(createServer({}), 3_000_000, ['EVAL', chain('answers'), '0'])).toBe(2_001);
  });
});
