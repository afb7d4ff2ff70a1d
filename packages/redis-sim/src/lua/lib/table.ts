/**
 * Lua 5.1's table library as Redis 7.0.15 bundles it (ltablib.c): concat,
 * foreach, foreachi, getn, maxn, insert, remove, setn, sort. Every read and
 * write is raw (`lua_rawgeti`/`lua_rawseti`), so metamethods never run here,
 * and the writes go through {@link LuaTable.set}, so a table's layout evolves
 * exactly as on a real server.
 */
import {
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  luaType,
  type LuaHost,
  type LuaValue,
} from '../values.ts';
import {
  checkInt,
  checkTable,
  coerceToString,
  optInt,
  optString,
  registerLibrary,
  typeError,
} from './lua-args.ts';
import { chargeHeap, chargeWork } from '../interpreter/runtime.ts';

/** `luaL_checktype(L, n, LUA_TFUNCTION)`: a real function (a callable table does not pass). */
function checkFunction(args: LuaValue[], n: number): LuaFunction {
  const v = args[n - 1];
  if (v instanceof LuaFunction) return v;
  throw typeError(args, n, 'function');
}

/** `aux_getn`: the table argument and its `#`. */
function auxGetn(args: LuaValue[]): [LuaTable, number] {
  const t = checkTable(args, 1);
  return [t, t.length()];
}

function foreachi(host: LuaHost, args: LuaValue[]): LuaValue[] {
  const [t, n] = auxGetn(args);
  const f = checkFunction(args, 2);
  for (let i = 1; i <= n; i++) {
    const r = host.call(f, [i, t.get(i)])[0];
    if (r !== undefined) return [r];
  }
  return [];
}

function foreach(host: LuaHost, args: LuaValue[]): LuaValue[] {
  const t = checkTable(args, 1);
  const f = checkFunction(args, 2);
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    const r = host.call(f, [e[0], e[1]])[0];
    if (r !== undefined) return [r];
  }
  return [];
}

function maxn(args: LuaValue[]): LuaValue[] {
  const t = checkTable(args, 1);
  let max = 0;
  let seen = 0;
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    seen++;
    if (typeof e[0] === 'number' && e[0] > max) max = e[0];
  }
  chargeWork(seen);
  return [max];
}

function insert(args: LuaValue[]): LuaValue[] {
  const [t, n] = auxGetn(args);
  let e = n + 1;
  let pos: number;
  if (args.length === 2) {
    pos = e;
  } else if (args.length === 3) {
    pos = checkInt(args, 2);
    if (pos > e) e = pos;
    chargeWork(e - pos);
    for (let i = e; i > pos; i--) t.set(i, t.get(i - 1));
  } else {
    throw new LuaRuntimeError("wrong number of arguments to 'insert'");
  }
  t.set(pos, args[args.length - 1]);
  return [];
}

function remove(args: LuaValue[]): LuaValue[] {
  const [t, e] = auxGetn(args);
  let pos = optInt(args, 2, e);
  if (!(pos >= 1 && pos <= e)) return [];
  const removed = t.get(pos);
  chargeWork(e - pos);
  for (; pos < e; pos++) t.set(pos, t.get(pos + 1));
  t.set(e, undefined);
  return [removed];
}

function concat(args: LuaValue[]): LuaValue[] {
  const sep = optString(args, 2, '');
  const t = checkTable(args, 1);
  let i = optInt(args, 3, 1);
  const last = args[3] === undefined ? t.length() : checkInt(args, 4);
  const parts: string[] = [];
  const field = (k: number) => {
    const v = t.get(k);
    const s = coerceToString(v);
    if (s === undefined) {
      throw new LuaRuntimeError(
        `invalid value (${luaType(v)}) at index ${k} in table for 'concat'`,
      );
    }
    parts.push(s);
  };
  for (; i < last; i++) {
    field(i);
    parts.push(sep);
  }
  if (i === last) field(i);
  let bytes = 0;
  for (const p of parts) bytes += p.length;
  chargeHeap(bytes + parts.length);
  return [parts.join('')];
}

/**
 * ltablib.c's `auxsort`, step for step: the median of three, the pivot parked
 * at u-1, the two scans, and recursion on the smaller part. Keeping every
 * comparison and every swap in the same order is what makes the result match
 * a real server for comparators that are not strict orders, and raises
 * "invalid order function for sorting" at the same moments.
 */
function auxsort(
  t: LuaTable,
  lo: number,
  up: number,
  lt: (a: LuaValue, b: LuaValue) => boolean,
): void {
  let l = lo;
  let u = up;
  while (l < u) {
    let a = t.get(l);
    let b = t.get(u);
    if (lt(b, a)) {
      t.set(l, b);
      t.set(u, a);
    }
    if (u - l === 1) break;
    let i = Math.floor((l + u) / 2);
    a = t.get(i);
    b = t.get(l);
    if (lt(a, b)) {
      t.set(i, b);
      t.set(l, a);
    } else {
      b = t.get(u);
      if (lt(b, a)) {
        t.set(i, b);
        t.set(u, a);
      }
    }
    if (u - l === 2) break;
    const pivot = t.get(i);
    t.set(i, t.get(u - 1));
    t.set(u - 1, pivot);
    i = l;
    let j = u - 1;
    for (;;) {
      let ai: LuaValue;
      while (((ai = t.get(++i)), lt(ai, pivot))) {
        if (i > u) throw new LuaRuntimeError('invalid order function for sorting');
      }
      let aj: LuaValue;
      while (((aj = t.get(--j)), lt(pivot, aj))) {
        if (j < l) throw new LuaRuntimeError('invalid order function for sorting');
      }
      if (j < i) break;
      t.set(i, aj);
      t.set(j, ai);
    }
    const parked = t.get(u - 1);
    t.set(u - 1, t.get(i));
    t.set(i, parked);
    if (i - l < u - i) {
      j = l;
      i = i - 1;
      l = i + 2;
    } else {
      j = i + 1;
      i = u;
      u = j - 2;
    }
    auxsort(t, j, i, lt);
  }
}

function sort(host: LuaHost, args: LuaValue[]): LuaValue[] {
  const [t, n] = auxGetn(args);
  const comp = args[1];
  if (comp !== undefined) checkFunction(args, 2);
  const lt =
    comp === undefined
      ? (a: LuaValue, b: LuaValue) => host.lessThan(a, b)
      : (a: LuaValue, b: LuaValue) => {
          const r = host.call(comp, [a, b])[0];
          return r !== undefined && r !== false;
        };
  // every comparison is work, whether the default order's or a Lua comparator's
  auxsort(t, 1, n, (a, b) => {
    chargeWork(1);
    return lt(a, b);
  });
  return [];
}

/** The `table` library, its functions registered in ltablib.c's order. */
export function createTableLib(host: LuaHost): LuaTable {
  const fn = (name: string, call: (args: LuaValue[]) => LuaValue[]): [string, LuaFunction] => [
    name,
    new LuaFunction(name, call),
  ];
  return registerLibrary([
    fn('concat', concat),
    fn('foreach', (args) => foreach(host, args)),
    fn('foreachi', (args) => foreachi(host, args)),
    fn('getn', (args) => [auxGetn(args)[1]]),
    fn('maxn', maxn),
    fn('insert', insert),
    fn('remove', remove),
    fn('setn', (args) => {
      checkTable(args, 1);
      throw new LuaRuntimeError("'setn' is obsolete");
    }),
    fn('sort', (args) => sort(host, args)),
  ]);
}
