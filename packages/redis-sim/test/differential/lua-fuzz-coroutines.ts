/**
 * Generated coroutine scripts: the fuzzer's statements (lua-fuzz-grammar.ts)
 * run inside a coroutine, with yields mixed in — plain, passing values both
 * ways, in branches and loops, under pcall and table.sort (where 5.1 refuses),
 * through a nested generator — then driven by resume or by a wrapped function
 * under pcall a few times, every answer and the final status returned.
 */
import fc from 'fast-check';
import type { LuaCase } from './lua-compare.ts';
import { e, e1, frameArb, frameCase, statement } from './lua-fuzz-grammar.ts';

const yieldForm: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: e.any.map((x) => `coroutine.yield(${x})`) },
  {
    weight: 3,
    arbitrary: fc.tuple(e.num, e.str).map(([n, s]) => `c = coroutine.yield(${n}, ${s})`),
  },
  { weight: 2, arbitrary: e.any.map((x) => `if ${x} then coroutine.yield('then') end`) },
  { weight: 2, arbitrary: fc.constant('for i = 1, 2 do a = i coroutine.yield(i, a) end') },
  {
    weight: 2,
    arbitrary: fc.constant(
      // a table's address differs between the two sides, so a table is named by its type
      "local v = coroutine.yield(b) b = type(v) == 'table' and 'table' or tostring(v)",
    ),
  },
  { weight: 1, arbitrary: e.any.map((x) => `c = {pcall(coroutine.yield, ${x})}`) },
  {
    weight: 1,
    arbitrary: fc.constant(
      'table.sort({3, 1, 2}, function(x, y) coroutine.yield() return x < y end)',
    ),
  },
  {
    weight: 1,
    arbitrary: e.any.map((x) => `c = coroutine.wrap(function() coroutine.yield(${x}) end)()`),
  },
  { weight: 1, arbitrary: fc.constant('c = coroutine.running() == co and coroutine.status(co)') },
);

const body = fc.array(
  fc.oneof({ weight: 2, arbitrary: statement }, { weight: 3, arbitrary: yieldForm }),
  {
    minLength: 1,
    maxLength: 6,
  },
);

/** How the script drives its coroutine: by resume, or by a wrapped function under pcall. */
const driver = fc.record({
  wrap: fc.boolean(),
  rounds: fc.integer({ min: 1, max: 5 }),
  arg: e1.any,
});

/** One generated coroutine script, on the fuzzer's keyspaces and arguments. */
export const coroutineFuzzCaseArb: fc.Arbitrary<LuaCase> = fc
  .record({ frame: frameArb, body, ret: e.any, driver })
  .map(({ frame, body: stmts, ret, driver: d }) =>
    frameCase(frame, [
      'local co',
      `co = coroutine.${d.wrap ? 'wrap' : 'create'}(function(x)`,
      '  c = x',
      ...stmts.map((s) => `  ${s.replace(/\n/g, '\n  ')}`),
      `  return ${ret}`,
      'end)',
      'local out = {}',
      `for round = 1, ${d.rounds} do`,
      d.wrap
        ? `  out[round] = {pcall(co, ${d.arg})}`
        : `  out[round] = {coroutine.resume(co, ${d.arg})}`,
      'end',
      d.wrap ? 'out[#out + 1] = type(co)' : 'out[#out + 1] = coroutine.status(co)',
      'return out',
    ]),
  );
