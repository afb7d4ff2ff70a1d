import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LuaTable } from '../../src/lua/values.ts';
import { LUA_SHOW, useRealLua } from './lua-eval.ts';
import {
  appendThenEditArb,
  denseOpsArb,
  keyArgs,
  keyValue,
  opsArb,
  show,
  type Op,
} from './lua-tables-arbitraries.ts';

/**
 * The table layout against a real redis-server 7.0.15: the same writes on a
 * LuaTable and in a script, then the `pairs` order and `#` after every write
 * must match exactly.
 */
const server = useRealLua();

const WRITES_SCRIPT = `${LUA_SHOW}
local t = {}
local lens = {}
local i = 1
while i <= #ARGV do
  local op, ty, kt = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local k = kt
  if ty == 'n' then k = tonumber(kt) elseif ty == 'b' then k = (kt == 'true') end
  if op == 's' then t[k] = i else t[k] = nil end
  lens[#lens + 1] = #t
  i = i + 3
end
local o = {}
for k, v in pairs(t) do o[#o + 1] = show(k) .. '=' .. show(v) end
return { table.concat(o, ' '), table.concat(lens, ',') }
`;

function argsOf(ops: Op[]): string[] {
  return ops.flatMap((o) => [o.op, ...keyArgs(o.key)]);
}

/** What the script answers, computed on a LuaTable. */
function simulate(ops: Op[]): [string, string] {
  const t = new LuaTable();
  const lens: number[] = [];
  ops.forEach((o, idx) => {
    t.set(keyValue(o.key), o.op === 's' ? idx * 3 + 1 : undefined);
    lens.push(t.length());
  });
  const out: string[] = [];
  for (let e = t.next(undefined); e; e = t.next(e[0])) out.push(`${show(e[0])}=${show(e[1])}`);
  return [out.join(' '), lens.join(',')];
}

describe('LuaTable layout against redis-server 7.0.15', () => {
  const cases = [
    ['mixed keys (strings, floats, booleans, integers)', opsArb, 20261201, 500],
    ['mostly small integers with holes', denseOpsArb, 20261202, 500],
    ['an appended array, then deletions and extra keys', appendThenEditArb, 20261203, 200],
  ] as const;
  for (const [name, arb, seed, numRuns] of cases) {
    it(`generated writes: ${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(arb, async (ops) => {
          const got = await server().eval(WRITES_SCRIPT, argsOf(ops));
          expect(simulate(ops)).toEqual(got);
        }),
        { seed, numRuns },
      );
    });
  }
});
