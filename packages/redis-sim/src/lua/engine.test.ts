import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import { sha1Hex } from '../sha1.ts';
import type { TraceStep } from '../trace-types.ts';
import { runSource } from './run-source.test-helper.ts';

const run = (script: string, budget: number) => runSource(script, { budget });

describe('the step budget', () => {
  test('stops a script at the budget, saying so and what a real server would do', () => {
    const script = 'local n = 0\nwhile true do\n  n = n + 1\nend';
    const reply = run(script, 1000);
    expect(reply).toEqual({
      error: expect.stringContaining(
        `ERR the simulator stopped script ${sha1Hex(script)} after 1000 steps`,
      ),
    });
    expect((reply as { error: string }).error).toMatch(/step budget.*BUSY once lua-time-limit/);
  });

  test('pcall cannot catch it', () => {
    const reply = run('pcall(function() while true do end end) return 1', 500);
    expect((reply as { error: string }).error).toMatch(/stopped script .* after 500 steps/);
  });

  test('a script within the budget is not stopped', () => {
    expect(run('local s = 0 for i = 1, 100 do s = s + i end return s', 1000)).toBe(5050);
  });
});

describe('any script can be stepped', () => {
  const script = [
    'local total = 0', // 1
    'for i = 1, 2 do', // 2
    '  total = total + i', // 3
    'end', // 4
    "local v = redis.call('GET', KEYS[1])", // 5
    'if v and total > 2 then', // 6
    '  return v .. total', // 7
    'end', // 8
    'return total', // 9
  ].join('\n');

  function trace(): { steps: TraceStep[]; reply: unknown } {
    const s = createServer();
    s.call(['SET', 'k', 'x']);
    return s.trace(['EVAL', script, '1', 'k']);
  }

  test('statements, loop tests, the and-chain, the call and the reply, in order', () => {
    const { steps, reply } = trace();
    expect(reply).toBe('x3');
    expect(steps.every((st) => st.listing === 'user_script')).toBe(true);
    expect(steps.map((st) => [st.event.kind, st.line])).toEqual([
      ['statement', 1],
      ['statement', 2],
      ['loop-test', 2],
      ['statement', 3],
      ['loop-test', 2],
      ['statement', 3],
      ['loop-test', 2],
      ['statement', 5],
      ['command', 5],
      ['statement', 6],
      ['operand', 6],
      ['operand', 6],
      ['branch', 6],
      ['statement', 7],
      ['reply', 7],
    ]);
    const operands = steps.flatMap((st) => (st.event.kind === 'operand' ? [st.event] : []));
    expect(operands).toEqual([
      { kind: 'operand', chain: 0, index: 0, value: 'x' },
      { kind: 'operand', chain: 0, index: 1, value: true },
    ]);
  });

  test('locals are stored as changes, not copies', () => {
    const { steps } = trace();
    // before line 1 runs nothing is in scope; `total` appears at line 2 with 0
    expect(steps[1]?.locals).toEqual({ scope: ['total'], set: [[0, 0]] });
    // the loop test brings the loop variable into scope (nil until the body runs); `total`
    // keeps its position, name and value, so it is not sent again
    const tests = steps.filter((st) => st.event.kind === 'loop-test');
    expect(tests[0]?.locals).toEqual({ scope: ['total', 'i'], set: [[1, null]] });
    // then each step holds only what changed: i = 1, total = 1, i = 2, total = 3
    const line3 = steps.filter((st) => st.event.kind === 'statement' && st.line === 3);
    expect(line3.map((st) => st.locals)).toEqual([{ set: [[1, 1]] }, { set: [[1, 2]] }]);
    expect(tests.slice(1).map((st) => st.locals)).toEqual([{ set: [[0, 1]] }, { set: [[0, 3]] }]);
    // a step where nothing changed carries no locals at all
    expect(steps.some((st) => st.locals === undefined)).toBe(true);
  });
});
