import { describe, expect, test } from 'vitest';
import { createServer } from '../../create-server.ts';
import { runSource as run } from '../run-source.test-helper.ts';
import type { LuaValue } from '../values.ts';
import { readSlot } from './frame.ts';
import type { StepHook } from './hook.ts';

/** What a hook saw at one statement or loop test: line, function depth, locals with values. */
interface Seen {
  kind: string;
  line: number;
  depth: number;
  locals: [string, LuaValue][];
}

function recording(): { hook: StepHook; seen: Seen[]; depth: () => number } {
  const seen: Seen[] = [];
  let depth = 0;
  const hook: StepHook = {
    statement(kind, line, locals, frame) {
      seen.push({
        kind,
        line,
        depth,
        locals: locals.map((l) => [l.name, readSlot(frame, l.slot, l.boxed)]),
      });
    },
    branch() {},
    loopTest() {},
    operand() {},
    command() {},
    depth(delta) {
      depth += delta;
    },
  };
  return { hook, seen, depth: () => depth };
}

describe('a coroutine body under the stepper hook', () => {
  const script = [
    'local co = coroutine.create(function(a)', // 1
    '  local b = a + 1', // 2
    '  for i = 1, 2 do', // 3
    '    b = b + coroutine.yield(b)', // 4
    '  end', // 5
    '  return b', // 6
    'end)', // 7
    'local _, x = coroutine.resume(co, 1)', // 8
    'local _, y = coroutine.resume(co, 10)', // 9
    'local _, z = coroutine.resume(co, 100)', // 10
    'return {x, y, z}', // 11
  ].join('\n');

  test('reports its lines, its loop tests and its locals with their values', () => {
    const { hook, seen } = recording();
    expect(run(script, { hook })).toEqual([2, 12, 112]);
    const inside = seen.filter((s) => s.depth === 2);
    expect(inside.map((s) => [s.kind, s.line])).toEqual([
      ['statement', 2],
      ['statement', 3],
      ['loop-test', 3],
      ['statement', 4],
      ['loop-test', 3],
      ['statement', 4],
      ['loop-test', 3],
      ['statement', 6],
    ]);
    expect(inside[0]!.locals).toEqual([['a', 1]]);
    // the loop's variable is in scope at its test; b has taken the resumed value by the second round
    expect(inside[4]!.locals).toEqual([
      ['a', 1],
      ['b', 12],
      ['i', 1],
    ]);
    expect(inside[7]!.locals).toEqual([
      ['a', 1],
      ['b', 112],
    ]);
  });

  test("counts the coroutine's frames only while it runs: the main chunk stays at depth 1", () => {
    const { hook, seen, depth } = recording();
    run(script, { hook });
    const main = seen.filter((s) => s.depth === 1).map((s) => s.line);
    expect(main).toEqual([1, 8, 9, 10, 11]);
    expect(depth()).toBe(0);
  });

  test('a generator from wrap is stepped through a for loop', () => {
    const { hook, seen } = recording();
    const gen = [
      'local gen = coroutine.wrap(function()', // 1
      '  for k = 1, 3 do coroutine.yield(k * k) end', // 2
      'end)', // 3
      'local s = 0', // 4
      'for v in gen do s = s + v end', // 5
      'return s', // 6
    ].join('\n');
    expect(run(gen, { hook })).toBe(14);
    expect(seen.filter((s) => s.depth === 2 && s.kind === 'loop-test').length).toBe(4);
  });
});

describe('the step budget inside a coroutine', () => {
  test('stops a coroutine that never ends; resume cannot catch the stop', () => {
    const reply = run(
      'local co = coroutine.create(function() while true do end end)\n' +
        'local ok = coroutine.resume(co)\nreturn 1',
      { budget: 500 },
    );
    expect((reply as { error: string }).error).toMatch(/stopped script .* after 500 steps/);
  });

  test('nor can a wrapped call inside pcall', () => {
    const reply = run(
      'local g = coroutine.wrap(function() while true do end end) return pcall(g)',
      { budget: 500 },
    );
    expect((reply as { error: string }).error).toMatch(/stopped script .* after 500 steps/);
  });

  test('after a run stopped inside a coroutine the next run is on the main thread again', () => {
    run('coroutine.wrap(function() while true do end end)()', { budget: 300 });
    expect(run('return type(coroutine.running())')).toBe('nil');
  });
});

describe('the stepper on the server', () => {
  test("a trace holds the coroutine body's statements with their locals", () => {
    const s = createServer();
    const script = [
      'local co = coroutine.wrap(function(k)', // 1
      "  local v = redis.call('INCR', k)", // 2
      '  coroutine.yield(v)', // 3
      '  return v * 2', // 4
      'end)', // 5
      'local first = co(KEYS[1])', // 6
      'return {first, co()}', // 7
    ].join('\n');
    const { steps, reply } = s.trace(['EVAL', script, '1', 'n']);
    expect(reply).toEqual([1, 2]);
    const lines = steps.filter((st) => st.event.kind === 'statement').map((st) => st.line);
    expect(lines).toEqual([1, 6, 2, 3, 7, 4]);
    expect(steps.some((st) => st.event.kind === 'command' && st.line === 2)).toBe(true);
    const atLine3 = steps.find((st) => st.event.kind === 'statement' && st.line === 3);
    expect(atLine3?.locals?.scope).toEqual(['k', 'v']);
  });
});
