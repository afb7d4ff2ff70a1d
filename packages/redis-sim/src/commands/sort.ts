/**
 * SORT and SORT_RO (sort.c): the elements of a list, set or sorted set, ordered as numbers or
 * (ALPHA) as text, by themselves or by the values of other keys (BY pattern, `*` standing for
 * the element, `->field` for a hash field), cut by LIMIT, each answered as itself or as the
 * values GET patterns find (`#` for the element), or stored as a list (STORE, SORT only).
 *
 * The server's quirks are kept: a sorted set is converted to a skiplist by being sorted, even
 * by SORT_RO and even when the reply is an error; BY without `*` does not sort (but a set is
 * then sorted as ALPHA when stored or sorted from a script, so the result is the same
 * everywhere); BY with LIMIT sorts with pqsort, whose ties fall as they fall; and ALPHA compares
 * as the C locale's strcoll, up to a NUL byte, except when storing, which compares bytes.
 */
import { chargeElements } from '../command-work.ts';
import { compareBytes } from '../byte-order.ts';
import { SYNTAX, WRONGTYPE, err } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import { ListItems } from '../list-items.ts';
import { strtod, type StrtodResult } from '../strtod.ts';
import type { Reply } from '../trace-types.ts';
import { pqsort } from './sort-pqsort.ts';
import { arg, readLimit, type CommandContext, type CommandSpec, type KeyRef } from './types.ts';

/** One element being sorted: itself, and what it sorts by. */
interface Item {
  obj: string;
  score: number;
  /** ALPHA BY: the value found, or null when none was */
  cmp: string | null;
}

/** The C string a value is read as: up to its first NUL byte. */
const cString = (s: string) => {
  const nul = s.indexOf('\0');
  return nul < 0 ? s : s.slice(0, nul);
};

/**
 * lookupKeyByPattern: `#` is the element itself; a pattern without `*` finds nothing; else
 * the first `*` becomes the element and the key found must be a string, or a hash when the
 * pattern goes on with `->field` after the `*`.
 */
function byPattern(ks: Keyspace, pattern: string, element: string): string | null {
  if (pattern === '#') return element;
  const star = pattern.indexOf('*');
  if (star < 0) return null;
  const arrow = pattern.indexOf('->', star + 1);
  const field = arrow >= 0 && arrow + 2 < pattern.length ? pattern.slice(arrow + 2) : null;
  const key =
    pattern.slice(0, star) + element + pattern.slice(star + 1, field === null ? undefined : arrow);
  const v = ks.get(key);
  if (v === undefined) return null;
  if (field !== null) return v.type === 'hash' ? (v.fields.get(field) ?? null) : null;
  return v.type === 'string' ? v.value : null;
}

/** The smallest normal double: glibc's strtod sets ERANGE for a result below it (not 0). */
const DBL_MIN = 2.2250738585072014e-308;

/** Whether glibc's strtod set ERANGE: overflow, underflow to 0, or a subnormal result. */
function setsErange(r: StrtodResult): boolean {
  return r.range !== null || (r.value !== 0 && Math.abs(r.value) < DBL_MIN);
}

/** What the options asked for. */
interface SortOptions {
  desc: boolean;
  alpha: boolean;
  limitStart: number;
  limitCount: number;
  store: string | null;
  by: string | null;
  dontsort: boolean;
  gets: string[];
}

const ACL_DENIED = (what: 'BY' | 'GET') =>
  err(`ERR ${what} option of SORT denied due to insufficient ACL permissions.`);

/** Whether the connection's user may read every key (ACLUserCheckCmdWithUnrestrictedKeyAccess). */
function readsEveryKey(ctx: CommandContext): boolean {
  const user = ctx.host.acl.get(ctx.conn.user);
  if (user === undefined) return true;
  return user.allKeys || user.keys.some((p) => p.read && p.pattern === '*');
}

/** The options from argv[2] on, in sortCommandGeneric's order; the error reply at the first bad one. */
function parseOptions(ctx: CommandContext, args: readonly string[], readonly: boolean) {
  const o: SortOptions = {
    desc: false,
    alpha: false,
    limitStart: 0,
    limitCount: -1,
    store: null,
    by: null,
    dontsort: false,
    gets: [],
  };
  let fullAccess: boolean | null = null;
  const mayReadAll = () => (fullAccess ??= readsEveryKey(ctx));
  for (let j = 2; j < args.length; j++) {
    const left = args.length - j - 1;
    const a = arg(args, j).toLowerCase();
    if (a === 'asc') o.desc = false;
    else if (a === 'desc') o.desc = true;
    else if (a === 'alpha') o.alpha = true;
    else if (a === 'limit' && left >= 2) {
      const given = readLimit(args, j + 1);
      if ('error' in given) return given;
      o.limitStart = given.offset;
      o.limitCount = given.count;
      j += 2;
    } else if (!readonly && a === 'store' && left >= 1) {
      o.store = arg(args, ++j);
    } else if (a === 'by' && left >= 1) {
      o.by = arg(args, ++j);
      // a pattern without * names one key for every element: nothing to sort by
      if (!cString(o.by).includes('*')) o.dontsort = true;
      else if (!mayReadAll()) return ACL_DENIED('BY');
    } else if (a === 'get' && left >= 1) {
      if (!mayReadAll()) return ACL_DENIED('GET');
      o.gets.push(arg(args, ++j));
    } else return err(SYNTAX);
  }
  return o;
}

/** The elements of the value to sort (null when it is not a list, set or sorted set). */
function elementsOf(ks: Keyspace, key: string): { type: string; items: readonly string[] } | null {
  const v = ks.get(key);
  if (v === undefined) return { type: 'list', items: [] };
  if (v.type === 'list') return { type: 'list', items: v.items.toArray() };
  if (v.type === 'set') return { type: 'set', items: v.set.members() };
  if (v.type === 'zset') {
    // sort.c converts an encoded sorted set for good before reading it
    v.zset.listpack = false;
    return { type: 'zset', items: v.zset.members() };
  }
  return null;
}

/** sortCommandGeneric. */
function sort(ctx: CommandContext, args: readonly string[], readonly: boolean): Reply {
  const parsed = parseOptions(ctx, args, readonly);
  if ('error' in parsed) return parsed;
  const o = parsed;
  const { ks } = ctx;
  const source = elementsOf(ks, arg(args, 1));
  if (source === null) return err(WRONGTYPE);
  let { dontsort, alpha, by } = o;
  // a set's own order is its hash table's: stored or scripted, it is sorted as text instead
  if (dontsort && source.type === 'set' && (o.store !== null || ctx.inScript)) {
    dontsort = false;
    alpha = true;
    by = null;
  }
  const len = source.items.length;
  let start = Math.min(Math.max(o.limitStart, 0), len);
  const count = Math.min(Math.max(o.limitCount, -1), len);
  let end = count < 0 ? len - 1 : start + count - 1;
  if (start >= len) {
    start = len - 1;
    end = len - 2;
  }
  if (end >= len) end = len - 1;

  let vector: Item[];
  if (dontsort && source.type !== 'set') {
    // a list or sorted set unsorted: its own order (from the tail for DESC), the range only
    const from = o.desc ? source.items.slice().reverse() : source.items;
    vector =
      end >= start ? from.slice(start, end + 1).map((obj) => ({ obj, score: 0, cmp: null })) : [];
    end -= start;
    start = 0;
  } else {
    vector = source.items.map((obj) => ({ obj, score: 0, cmp: null }));
  }

  let conversionError = false;
  if (!dontsort) {
    // every element read (and looked up by BY's pattern), charged before the work, then every
    // comparison once the sort has counted them: work no reply shows
    chargeElements(vector.length);
    for (const item of vector) {
      const byval = by !== null ? byPattern(ks, by, item.obj) : item.obj;
      if (byval === null) continue;
      if (alpha) {
        if (by !== null) item.cmp = byval;
      } else {
        const text = cString(byval);
        const r = strtod(text);
        item.score = r.value;
        if (r.end !== text.length || setsErange(r) || Number.isNaN(r.value)) conversionError = true;
      }
    }
    const order = comparator(alpha, by !== null, o.store !== null, o.desc);
    let comparisons = 0;
    const compare = (a: Item, b: Item) => {
      comparisons++;
      return order(a, b);
    };
    if (by !== null && (start !== 0 || end !== vector.length - 1))
      pqsort(vector, compare, start, end);
    else vector.sort(compare);
    chargeElements(comparisons);
  }

  if (conversionError) return err("ERR One or more scores can't be converted into double");
  const picked = end >= start ? vector.slice(start, end + 1) : [];
  // each element picked, and each key a GET pattern reads for it
  chargeElements(picked.length * Math.max(1, o.gets.length));
  if (o.store === null) {
    if (o.gets.length === 0) return picked.map((i) => i.obj);
    return picked.flatMap((i) => o.gets.map((g) => byPattern(ks, g, i.obj)));
  }
  const items =
    o.gets.length === 0
      ? picked.map((i) => i.obj)
      : picked.flatMap((i) => o.gets.map((g) => byPattern(ks, g, i.obj) ?? ''));
  if (items.length > 0) ks.replace(o.store, { type: 'list', items: ListItems.of(items) });
  else ks.delete(o.store);
  return items.length;
}

/** sortCompare, for the options it reads. */
function comparator(alpha: boolean, byPatternGiven: boolean, store: boolean, desc: boolean) {
  const text = (a: string, b: string) =>
    store ? compareBytes(a, b) : compareBytes(cString(a), cString(b));
  const compare = (x: Item, y: Item): number => {
    if (!alpha) {
      if (x.score !== y.score) return x.score > y.score ? 1 : -1;
      return compareBytes(x.obj, y.obj);
    }
    if (!byPatternGiven) return text(x.obj, y.obj);
    if (x.cmp === null || y.cmp === null) {
      if (x.cmp === y.cmp) return 0;
      return x.cmp === null ? -1 : 1;
    }
    return text(x.cmp, y.cmp);
  };
  return desc ? (x: Item, y: Item) => -compare(x, y) : compare;
}

/** sortGetKeys: the key sorted, and the last STORE's destination. */
function sortKeys(args: readonly string[]): KeyRef[] {
  const refs: KeyRef[] = [{ index: 1, flags: ['RO', 'access'] }];
  let store: KeyRef | null = null;
  for (let i = 2; i < args.length; i++) {
    const a = arg(args, i).toLowerCase();
    if (a === 'limit') i += 2;
    else if (a === 'get' || a === 'by') i += 1;
    else if (a === 'store' && i + 1 < args.length)
      store = { index: i + 1, flags: ['OW', 'update'] };
  }
  return store ? [...refs, store] : refs;
}

/** SORT key [BY pattern] [LIMIT offset count] [GET pattern …] [ASC|DESC] [ALPHA] [STORE dst]. */
const sortCommand: CommandSpec = {
  name: 'sort',
  arity: -2,
  flags: ['write'],
  keys: sortKeys,
  run: (ctx, args) => sort(ctx, args, false),
};

/** SORT_RO: SORT without STORE, a read-only command. */
const sortRo: CommandSpec = {
  name: 'sort_ro',
  arity: -2,
  flags: ['readonly'],
  keys: () => [{ index: 1, flags: ['RO', 'access'] }],
  run: (ctx, args) => sort(ctx, args, true),
};

/** SORT and SORT_RO, for the default command set (commands/defaults.ts). */
export const sortCommands: CommandSpec[] = [sortCommand, sortRo];
