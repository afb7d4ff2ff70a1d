import fc from 'fast-check';
import { formatDouble } from '../../src/format-double.ts';
import { LuaTable, LuaUserdata, type LuaValue } from '../../src/lua/values.ts';

/** A table key both sides can build: numbers travel as %.17g text, strings as bytes. */
export type Key = { ty: 'n'; n: number } | { ty: 's'; s: string } | { ty: 'b'; b: boolean };

/** One write to the table: set the key (to the op's position) or set it to nil. */
export interface Op {
  op: 's' | 'd';
  key: Key;
}

const specialNumbers = [
  0,
  -0,
  0.5,
  -1.5,
  1e-300,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 32 + 1,
  2 ** 53,
  2 ** 53 + 2,
  1e15,
  67108864,
  67108865,
  Infinity,
  -Infinity,
  3.14159,
  1 / 3,
];

/** Keys weighted towards what makes layouts interesting: small integers (array part), holes, collisions. */
export const keyArb: fc.Arbitrary<Key> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }).map((n): Key => ({ ty: 'n', n })) },
  { weight: 2, arbitrary: fc.integer({ min: -8, max: 300 }).map((n): Key => ({ ty: 'n', n })) },
  { weight: 1, arbitrary: fc.constantFrom(...specialNumbers).map((n): Key => ({ ty: 'n', n })) },
  {
    weight: 1,
    arbitrary: fc
      .double({ noNaN: true, noDefaultInfinity: true })
      .map((n): Key => ({ ty: 'n', n })),
  },
  {
    weight: 4,
    arbitrary: fc.integer({ min: 1, max: 60 }).map((i): Key => ({ ty: 's', s: `k${i}` })),
  },
  {
    weight: 2,
    arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 12 }).map((s): Key => ({ ty: 's', s })),
  },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 6 })
      .map((b): Key => ({ ty: 's', s: String.fromCharCode(...b) })),
  },
  { weight: 1, arbitrary: fc.boolean().map((b): Key => ({ ty: 'b', b })) },
);

export const opsArb: fc.Arbitrary<Op[]> = fc.array(
  fc.record({
    op: fc.constantFrom<'s' | 'd'>('s', 's', 's', 'd'),
    key: keyArb,
  }),
  { maxLength: 80 },
);

/** The key as the Lua value the table holds. */
export function keyValue(k: Key): LuaValue {
  return k.ty === 'n' ? k.n : k.ty === 's' ? k.s : k.b;
}

/** The key as the three ARGV entries the server script reads back. */
export function keyArgs(k: Key): [string, string] {
  if (k.ty === 'n') return ['n', formatDouble(k.n)];
  if (k.ty === 's') return ['s', k.s];
  return ['b', String(k.b)];
}

/** A value as exact text, the same on both sides (see LUA_SHOW). */
export function show(v: LuaValue): string {
  if (typeof v === 'number') return `n:${formatDouble(v)}`;
  if (typeof v === 'string') return `s:${v}`;
  if (typeof v === 'boolean') return `b:${v}`;
  if (v === undefined) return 'nil';
  if (v instanceof LuaUserdata) return 'u:userdata: (nil)';
  // as the server's show: a table here is a key, named without its address
  if (v instanceof LuaTable) return 't:table';
  return String(v);
}

/** A value with its tables walked in `next` order (the server's `dump`). */
export function dump(v: LuaValue): string {
  if (!(v instanceof LuaTable)) return show(v);
  const o: string[] = [];
  let tableKey = false;
  for (let e = v.next(undefined); e; e = v.next(e[0])) {
    o.push(`${show(e[0])}=${dump(e[1])}`);
    tableKey ||= e[0] instanceof LuaTable;
  }
  // as the server's dump: sorted byte by byte where a table key's address decides the order
  if (tableKey) o.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${o.join(',')}}`;
}

/** Mostly small integers: arrays with holes, so `#` and the array/node split get exercised. */
export const denseOpsArb: fc.Arbitrary<Op[]> = fc.array(
  fc.record({
    op: fc.constantFrom<'s' | 'd'>('s', 's', 's', 's', 'd'),
    key: fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: 1, max: 70 }).map((n): Key => ({ ty: 'n', n })) },
      { weight: 1, arbitrary: keyArb },
    ),
  }),
  { maxLength: 150 },
);

/** An array filled 1..n in order, then scattered deletions and extra keys: a script's table.insert pattern. */
export const appendThenEditArb: fc.Arbitrary<Op[]> = fc
  .tuple(
    fc.integer({ min: 0, max: 300 }),
    fc.array(fc.record({ op: fc.constantFrom<'s' | 'd'>('s', 'd', 'd'), key: keyArb }), {
      maxLength: 40,
    }),
  )
  .map(([n, rest]) => [
    ...Array.from({ length: n }, (_, i): Op => ({ op: 's', key: { ty: 'n', n: i + 1 } })),
    ...rest,
  ]);
