import { NIL_ARRAY, NOT_INTEGER, SYNTAX, arityError, err, isError } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import type { Keyspace } from '../keyspace.ts';
import { chargeElements } from '../command-work.ts';
import { ListItems } from '../list-items.ts';
import { redisParseInt } from '../numbers.ts';
import { rankSpan } from './ranks.ts';
import { arg, keyRange, optionalCount, readTyped, type CommandSpec, type KeyRef } from './types.ts';

/** The list at key, undefined when absent, or the WRONGTYPE reply. */
export function readList(ks: Keyspace, key: string): ListItems | undefined | { error: string } {
  const v = readTyped(ks, key, 'list');
  return v === undefined || 'error' in v ? v : v.items;
}

/** Whether {@link readList} found a list (not an absent key, not a WRONGTYPE reply). */
export const isList = (found: ReturnType<typeof readList>): found is ListItems =>
  found instanceof ListItems;

/**
 * Pushes `elements` one by one onto `side` of `items` (the last pushed ends up outermost). Each
 * push costs the same on a list of any length (a ring, as a real server's quicklist), and its
 * element is in the command's arguments, so nothing is charged besides them.
 */
export function pushAll(
  items: ListItems,
  side: 'left' | 'right',
  elements: readonly string[],
): void {
  if (side === 'right') for (const el of elements) items.pushRight(el);
  else for (const el of elements) items.pushLeft(el);
}

/**
 * Pops up to `count` elements from `side` of `items`, the list at `key`, in the order popped;
 * the key goes once the list is empty, as every list pop leaves it. Each pop costs the same on
 * a list of any length, and its element is in the reply, which a script pays for.
 */
export function popItems(
  ks: Keyspace,
  key: string,
  items: ListItems,
  side: 'left' | 'right',
  count: number,
): string[] {
  const take = Math.min(count, items.length);
  const popped: string[] = new Array<string>(take);
  for (let i = 0; i < take; i++)
    popped[i] = (side === 'left' ? items.popLeft() : items.popRight()) ?? '';
  if (items.length === 0) ks.delete(key);
  return popped;
}

function push(side: 'left' | 'right'): CommandSpec {
  return {
    name: side === 'left' ? 'lpush' : 'rpush',
    arity: -3,
    flags: ['write', 'fast'],
    keys: keyRange(1, 1, 1, ['RW', 'insert']),
    run: ({ ks }, args) => {
      const key = arg(args, 1);
      const found = readList(ks, key);
      if (found && !isList(found)) return found;
      const items = found ?? ListItems.of();
      pushAll(items, side, args.slice(2));
      if (!found) ks.put(key, { type: 'list', items });
      return items.length;
    },
  };
}

const lrange: CommandSpec = {
  name: 'lrange',
  arity: 4,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const start = redisParseInt(arg(args, 2));
    const stop = redisParseInt(arg(args, 3));
    if (start === null || stop === null) return err(NOT_INTEGER);
    const items = readList(ks, arg(args, 1));
    if (!items) return [];
    if (!isList(items)) return items;
    const span = rankSpan(items.length, start, stop);
    return span === null ? [] : items.slice(span[0], span[1] + 1);
  },
};

/** LREM key count element: count > 0 from the head, < 0 from the tail, 0 every match. */
const lrem: CommandSpec = {
  name: 'lrem',
  arity: 4,
  flags: ['write'],
  keys: keyRange(1, 1, 1, ['RW', 'delete']),
  run: ({ ks }, args) => {
    const count = redisParseInt(arg(args, 2));
    if (count === null) return err(NOT_INTEGER);
    const key = arg(args, 1);
    const items = readList(ks, key);
    if (!items) return 0;
    if (!isList(items)) return items;
    const target = arg(args, 3);
    const limit = count === 0 ? Infinity : Math.abs(count);
    // the whole list is read (a real server's walk is O(N) too, and no reply shows it), and the
    // matches are dropped in one pass: a removal per match would be quadratic on a big list
    chargeElements(items.length);
    const all = items.toArray();
    const len = all.length;
    const drop = new Uint8Array(len);
    let removed = 0;
    for (let k = 0; k < len && removed < limit; k++) {
      const i = count >= 0 ? k : len - 1 - k;
      if (all[i] === target) {
        drop[i] = 1;
        removed++;
      }
    }
    if (removed > 0) items.replaceAll(all.filter((_, i) => drop[i] === 0));
    if (items.length === 0) ks.delete(key);
    return removed;
  },
};

const llen: CommandSpec = {
  name: 'llen',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  run: ({ ks }, args) => {
    const items = readList(ks, arg(args, 1));
    if (!items) return 0;
    if (!isList(items)) return items;
    return items.length;
  },
};

/** LPOP / RPOP key [count]: one element, or (with a count) a list of up to count; nil when absent. */
function pop(side: 'left' | 'right'): CommandSpec {
  const name = side === 'left' ? 'lpop' : 'rpop';
  return {
    name,
    arity: -2,
    flags: ['write', 'fast'],
    keys: keyRange(1, 1, 1, ['RW', 'access', 'delete']),
    run: ({ ks }, args) => {
      if (args.length > 3) return arityError(name);
      const count = optionalCount(args, 2);
      if (isError(count)) return count;
      const key = arg(args, 1);
      const items = readList(ks, key);
      // a missing key: a null bulk, or with a count a null array (popGenericCommand)
      if (!items) return count === null ? null : NIL_ARRAY;
      if (!isList(items)) return items;
      const popped = popItems(ks, key, items, side, count ?? 1);
      return count === null ? (popped[0] ?? null) : popped;
    },
  };
}

/** A list end as LMOVE and its kin name it (getListPositionFromObjectOrReply), or null. */
export function listEnd(text: string): 'left' | 'right' | null {
  const t = text.toLowerCase();
  return t === 'left' || t === 'right' ? t : null;
}

/** The key specs of LMOVE and its kin: the source is popped, the destination pushed. */
export const MOVE_KEYS = (): KeyRef[] => [
  { index: 1, flags: ['RW', 'access', 'delete'] },
  { index: 2, flags: ['RW', 'insert'] },
];

/**
 * lmoveGenericCommand: one element from `from`'s end of `src` to `to`'s end of `dst`, checked
 * in Redis 7.0's order (the source first, the destination only when the source has one). Nil
 * when the source is absent.
 */
export function moveElement(
  ks: Keyspace,
  src: string,
  dst: string,
  from: 'left' | 'right',
  to: 'left' | 'right',
): Reply {
  const items = readList(ks, src);
  if (!items) return null;
  if (!isList(items)) return items;
  const target = readList(ks, dst);
  if (target && !isList(target)) return target;
  const into = src === dst ? items : (target ?? ListItems.of());
  // each end of a ring costs the same, and the element moved is the reply: nothing to charge
  const el = (from === 'left' ? items.popLeft() : items.popRight()) ?? '';
  if (items.length === 0 && src !== dst) ks.delete(src);
  if (to === 'left') into.pushLeft(el);
  else into.pushRight(el);
  if (src !== dst && !target) ks.put(dst, { type: 'list', items: into });
  return el;
}

/** LMOVE source destination LEFT|RIGHT LEFT|RIGHT. */
const lmove: CommandSpec = {
  name: 'lmove',
  arity: 5,
  flags: ['write'],
  keys: MOVE_KEYS,
  run: ({ ks }, args) => {
    const from = listEnd(arg(args, 3));
    const to = listEnd(arg(args, 4));
    if (from === null || to === null) return err(SYNTAX);
    return moveElement(ks, arg(args, 1), arg(args, 2), from, to);
  },
};

const lindex: CommandSpec = {
  name: 'lindex',
  arity: 3,
  flags: ['readonly'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const items = readList(ks, arg(args, 1));
    if (!items) return null;
    if (!isList(items)) return items;
    const i = redisParseInt(arg(args, 2));
    if (i === null) return err(NOT_INTEGER);
    return items.at(i < 0 ? items.length + i : i) ?? null;
  },
};

/** The lists commands, for the default command set (commands/defaults.ts). */
export const listCommands: CommandSpec[] = [
  push('left'),
  push('right'),
  pop('left'),
  pop('right'),
  lmove,
  lindex,
  lrange,
  lrem,
  llen,
];
