import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDouble } from '../../src/format-double.ts';
import { createTableLib } from '../../src/lua/lib/table.ts';
import { fn1, testHost } from '../../src/lua/lib/test-host.ts';
import { LuaError, LuaTable, luaType, type LuaValue } from '../../src/lua/values.ts';
import { LUA_SHOW, useRealLua } from './lua-eval.ts';
import { pcallText } from './lua-lib-call.ts';
import { show } from './lua-tables-arbitraries.ts';

/**
 * The table library against a real redis-server 7.0.15: sort with strict,
 * non-strict and inconsistent comparators, and insert/remove/concat/maxn/getn
 * sequences on tables with holes. Outcomes (results, error words, the table
 * afterwards) must match exactly.
 */
const server = useRealLua();

const lib = createTableLib(testHost);
const tfn = (name: string) => lib.get(name);

/** An array element: a number, a string, or a hole. */
type Elem = { n: number } | { s: string } | null;

function elemValue(e: Elem): LuaValue {
  if (e === null) return undefined;
  return 'n' in e ? e.n : e.s;
}
function elemArg(e: Elem): string {
  if (e === null) return 'x';
  return 'n' in e ? `n${formatDouble(e.n)}` : `s${e.s}`;
}

/** Lua 5.1's `%`: a - floor(a/b)*b (not JS's fmod). */
const luaMod = (a: number, b: number) => a - Math.floor(a / b) * b;

/** A comparison inside the line-1 comparator: numbers only, else Lua's error with that position. */
function numbersOnly(x: LuaValue, y: LuaValue): [number, number] {
  if (typeof x === 'number' && typeof y === 'number') return [x, y];
  const [tx, ty] = [luaType(x), luaType(y)];
  const what = tx === ty ? `two ${tx} values` : `${tx} with ${ty}`;
  throw new LuaError(`user_script:1: attempt to compare ${what}`);
}

/** The comparators, as Lua source for the server and as JS for the simulator. */
const COMPARATORS: Array<[string, ((a: LuaValue, b: LuaValue) => boolean) | null]> = [
  ['nil', null],
  // `a > b` compiles to `b < a`: an error names b's type first
  ['function(a, b) return a > b end', (a, b) => { const [y, x] = numbersOnly(b, a); return y < x; }],
  ['function(a, b) return a <= b end', (a, b) => { const [x, y] = numbersOnly(a, b); return x <= y; }],
  ['function(a, b) return true end', () => true],
  ['function(a, b) return false end', () => false],
  ['function(a, b) return (a % 3) < (b % 3) end', (a, b) => luaMod(a as number, 3) < luaMod(b as number, 3)],
]; // prettier-ignore

function sortScript(cmp: string): string {
  // the comparator sits on line 1, so its errors read "user_script:1: ..."
  return `local cmp = ${cmp}
${LUA_SHOW}
local t = {}
for i = 1, #ARGV do
  local a = ARGV[i]
  local ty, v = a:sub(1, 1), a:sub(2)
  if ty == 'n' then t[i] = tonumber(v) elseif ty == 's' then t[i] = v end
end
local n = #t
local r = packed(pcall(table.sort, t, cmp))
local o = { r, tostring(#t) }
for i = 1, n do o[#o + 1] = show(t[i]) end
return o
`;
}

function simulateSort(elems: Elem[], cmpIndex: number): string[] {
  const t = new LuaTable();
  // the script skips holes (assigning nil would create a node, and change the layout)
  elems.forEach((e, i) => e !== null && t.set(i + 1, elemValue(e)));
  const n = t.length();
  const cmp = COMPARATORS[cmpIndex]![1];
  const r = pcallText(tfn('sort'), cmp === null ? [t] : [t, fn1((a, b) => cmp(a, b))]);
  const out = [r, String(t.length())];
  for (let i = 1; i <= n; i++) out.push(show(t.get(i)));
  return out;
}

const numElem = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map((n): Elem => ({ n })),
  fc.double({ noNaN: true }).map((n): Elem => ({ n })),
);
const strElem = fc.string({ unit: 'binary-ascii', maxLength: 4 }).map((s): Elem => ({ s }));

describe('table.sort against redis-server 7.0.15', () => {
  // outcomes read from the real server; the generated cases below compare both sides
  const panel: Array<[string, Elem[], number, string]> = [
    ['an always-true comparator is caught', [5, 4, 3, 2, 1].map((n) => ({ n })), 3, 'false|s:invalid order function for sorting'],
    ['a non-strict comparator runs off the end into nil', [1, 1, 1, 1].map((n) => ({ n })), 2, 'false|s:user_script:1: attempt to compare nil with number'],
    ['a non-strict comparator on distinct values is fine', [3, 1, 2].map((n) => ({ n })), 2, 'true'],
  ]; // prettier-ignore
  for (const [name, elems, c, outcome] of panel) {
    it(`panel: ${name}`, async () => {
      const got = await server().eval(sortScript(COMPARATORS[c]![0]), elems.map(elemArg));
      expect((got as string[])[0]).toBe(outcome);
      expect(simulateSort(elems, c)).toEqual(got);
    });
  }
  for (let c = 0; c < COMPARATORS.length; c++) {
    const [src] = COMPARATORS[c]!;
    it(`numbers, comparator ${src}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(numElem, { maxLength: 60 }), async (elems) => {
          const got = await server().eval(sortScript(src), elems.map(elemArg));
          expect(simulateSort(elems, c)).toEqual(got);
        }),
        { seed: 7000 + c, numRuns: 150 },
      );
    });
  }
  it('strings with the default order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(strElem, { maxLength: 60 }), async (elems) => {
        const got = await server().eval(sortScript('nil'), elems.map(elemArg));
        expect(simulateSort(elems, 0)).toEqual(got);
      }),
      { seed: 7100, numRuns: 150 },
    );
  });
  it('mixed numbers, strings and holes: the compare error and the partial result', async () => {
    const mixed = fc.oneof(numElem, strElem, fc.constant<Elem>(null));
    await fc.assert(
      fc.asyncProperty(fc.array(mixed, { maxLength: 30 }), async (elems) => {
        const got = await server().eval(sortScript('nil'), elems.map(elemArg));
        expect(simulateSort(elems, 0)).toEqual(got);
      }),
      { seed: 7200, numRuns: 200 },
    );
  });
});

/** One library call on the table under test. */
type TOp =
  | { op: 'i1'; v: string }
  | { op: 'i2'; pos: number; v: string }
  | { op: 'r0' }
  | { op: 'r1'; pos: number }
  | { op: 'set'; k: number; v: string }
  | { op: 'del'; k: number };

const posArb = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -2, max: 25 }) },
  { weight: 1, arbitrary: fc.constantFrom(0.5, 2.7, -1.5, 2 ** 32 + 3, 1e300) },
);
const valArb = fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 3 }), fc.constant('T'));
const tOpArb: fc.Arbitrary<TOp> = fc.oneof(
  { weight: 4, arbitrary: valArb.map((v): TOp => ({ op: 'i1', v })) },
  { weight: 3, arbitrary: fc.record({ pos: posArb, v: valArb }).map((r): TOp => ({ op: 'i2', ...r })) },
  { weight: 2, arbitrary: fc.constant<TOp>({ op: 'r0' }) },
  { weight: 2, arbitrary: posArb.map((pos): TOp => ({ op: 'r1', pos })) },
  { weight: 2, arbitrary: fc.record({ k: posArb, v: valArb }).map((r): TOp => ({ op: 'set', ...r })) },
  { weight: 2, arbitrary: posArb.map((k): TOp => ({ op: 'del', k })) },
); // prettier-ignore

const OPS_SCRIPT = `${LUA_SHOW}
local t = {}
local log = {}
local function val(v) if v == 'T' then return true end return v end
local i = 1
while i <= #ARGV do
  local op, a, b = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local r = ''
  if op == 'i1' then r = packed(pcall(table.insert, t, val(a)))
  elseif op == 'i2' then r = packed(pcall(table.insert, t, tonumber(a), val(b)))
  elseif op == 'r0' then r = packed(pcall(table.remove, t))
  elseif op == 'r1' then r = packed(pcall(table.remove, t, tonumber(a)))
  elseif op == 'set' then t[tonumber(a)] = val(b)
  else t[tonumber(a)] = nil end
  log[#log + 1] = r .. '#' .. #t
  i = i + 3
end
local o = {}
for k, v in pairs(t) do o[#o + 1] = show(k) .. '=' .. show(v) end
log[#log + 1] = table.concat(o, ' ')
log[#log + 1] = packed(pcall(table.concat, t, ','))
log[#log + 1] = packed(pcall(table.concat, t, '-', 2, 4))
log[#log + 1] = packed(pcall(table.maxn, t))
log[#log + 1] = packed(pcall(table.getn, t))
return log
`;

function opArgs(o: TOp): string[] {
  switch (o.op) {
    case 'i1': return ['i1', o.v, ''];
    case 'i2': return ['i2', formatDouble(o.pos), o.v];
    case 'r0': return ['r0', '', ''];
    case 'r1': return ['r1', formatDouble(o.pos), ''];
    case 'set': return ['set', formatDouble(o.k), o.v];
    case 'del': return ['del', formatDouble(o.k), ''];
  }
} // prettier-ignore

function simulateOps(ops: TOp[]): string[] {
  const t = new LuaTable();
  const val = (v: string): LuaValue => (v === 'T' ? true : v);
  const log: string[] = [];
  for (const o of ops) {
    let r = '';
    if (o.op === 'i1') r = pcallText(tfn('insert'), [t, val(o.v)]);
    else if (o.op === 'i2') r = pcallText(tfn('insert'), [t, o.pos, val(o.v)]);
    else if (o.op === 'r0') r = pcallText(tfn('remove'), [t]);
    else if (o.op === 'r1') r = pcallText(tfn('remove'), [t, o.pos]);
    else if (o.op === 'set') t.set(o.k, val(o.v));
    else t.set(o.k, undefined);
    log.push(`${r}#${t.length()}`);
  }
  const pairs: string[] = [];
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    pairs.push(`${show(e[0])}=${show(e[1])}`);
  }
  log.push(pairs.join(' '));
  log.push(pcallText(tfn('concat'), [t, ',']));
  log.push(pcallText(tfn('concat'), [t, '-', 2, 4]));
  log.push(pcallText(tfn('maxn'), [t]));
  log.push(pcallText(tfn('getn'), [t]));
  return log;
}

describe('table.insert/remove/concat/maxn/getn against redis-server 7.0.15', () => {
  it('generated call sequences on tables with holes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tOpArb, { maxLength: 40 }), async (ops) => {
        const got = await server().eval(OPS_SCRIPT, ops.flatMap(opArgs));
        expect(simulateOps(ops)).toEqual(got);
      }),
      { seed: 7300, numRuns: 400 },
    );
  });
});
