import fc from 'fast-check';
import { formatDouble } from '../../src/format-double.ts';
import { LUA_NULL, LuaFunction, LuaTable, type LuaValue } from '../../src/lua/values.ts';

/**
 * Lua values with tables, built the same way on both sides: a table is its
 * assignments in order (`t[k] = v`), so both sides end with the same layout.
 */
export type Leaf =
  { n: number } | { s: string } | { b: boolean } | { null: true } | { fn: true } | { nil: true };
export type Tree = Leaf | { t: Array<[Leaf, Tree]> };

/** The tree as ARGV tokens for the server's `build()`. */
export function treeArgs(v: Tree): string[] {
  if ('t' in v)
    return [`T${v.t.length}`, ...v.t.flatMap(([k, x]) => [...treeArgs(k), ...treeArgs(x)])];
  if ('n' in v) return [`n${formatDouble(v.n)}`];
  if ('s' in v) return [`s${v.s}`];
  if ('b' in v) return [v.b ? 'b1' : 'b0'];
  if ('null' in v) return ['N'];
  if ('fn' in v) return ['F'];
  return ['x'];
}

const aFunction = new LuaFunction('tostring', () => []);

/** The tree as a LuaValue, assignments in the same order. */
export function treeValue(v: Tree, nullValue: LuaValue = LUA_NULL): LuaValue {
  if ('t' in v) {
    const t = new LuaTable();
    for (const [k, x] of v.t) t.set(treeValue(k, nullValue), treeValue(x, nullValue));
    return t;
  }
  if ('n' in v) return v.n;
  if ('s' in v) return v.s;
  if ('b' in v) return v.b;
  if ('null' in v) return nullValue;
  if ('fn' in v) return aFunction;
  return undefined;
}

/** The server's builder; it reads ARGV from `pos` on. `NULL` is the expression for a null leaf. */
export function luaBuild(nullExpr: string): string {
  return `
local pos
local function build()
  local a = ARGV[pos]
  pos = pos + 1
  local ty, v = a:sub(1, 1), a:sub(2)
  if ty == 'T' then
    local t = {}
    for _ = 1, tonumber(v) do
      local k = build()
      t[k] = build()
    end
    return t
  elseif ty == 'n' then return tonumber(v)
  elseif ty == 's' then return v
  elseif ty == 'b' then return v == '1'
  elseif ty == 'N' then return ${nullExpr}
  elseif ty == 'F' then return tostring end
  return nil
end
`;
}

const numberLeaf = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(0.1, 1 / 3, 1e15, 1e16, 123456789012345, 2 ** 53, -0, 1e-7, 5e-324, Infinity, -Infinity, Number.NaN) },
); // prettier-ignore

const stringLeaf = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 8 }),
  fc.uint8Array({ maxLength: 6 }).map((b) => String.fromCharCode(...b)),
  fc.constantFrom('a/b', '"q"', '\\', '\x7f', 'é'),
);

/** Leaves, nil rarely (it deletes), functions rarely (they cannot be encoded). */
export function leafArb(withOdd: boolean): fc.Arbitrary<Leaf> {
  const base: Array<fc.WeightedArbitrary<Leaf>> = [
    { weight: 4, arbitrary: numberLeaf.map((n): Leaf => ({ n })) },
    { weight: 4, arbitrary: stringLeaf.map((s): Leaf => ({ s })) },
    { weight: 1, arbitrary: fc.boolean().map((b): Leaf => ({ b })) },
    { weight: 1, arbitrary: fc.constant<Leaf>({ null: true }) },
  ];
  if (withOdd) {
    base.push({ weight: 1, arbitrary: fc.constant<Leaf>({ fn: true }) });
    base.push({ weight: 1, arbitrary: fc.constant<Leaf>({ nil: true }) });
  }
  return fc.oneof(...base);
}

/** Keys: mostly small integers (arrays, sparse arrays) and short strings. */
const keyArb: fc.Arbitrary<Leaf> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }).map((n): Leaf => ({ n })) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 30, 2 ** 31, 2 ** 40, Infinity).map((n): Leaf => ({ n })) },
  { weight: 4, arbitrary: stringLeaf.map((s): Leaf => ({ s })) },
  { weight: 1, arbitrary: fc.boolean().map((b): Leaf => ({ b })) },
); // prettier-ignore

/** An array 1..n (the common JSON shape). */
function arrayOf(item: fc.Arbitrary<Tree>): fc.Arbitrary<Tree> {
  return fc.array(item, { maxLength: 8 }).map((xs): Tree => ({ t: xs.map((x, i): [Leaf, Tree] => [{ n: i + 1 }, x]) }));
} // prettier-ignore

export function treeArb(withOdd: boolean): fc.Arbitrary<Tree> {
  const leaf = leafArb(withOdd);
  const key = withOdd ? keyArb : stringLeaf.map((s): Leaf => ({ s }));
  return fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: leaf },
      { weight: 1, arbitrary: arrayOf(tie('tree')) },
      {
        weight: 1,
        arbitrary: fc.array(fc.tuple(key, tie('tree')), { maxLength: 8 }).map((t): Tree => ({ t })),
      },
    ),
  })).tree;
}
