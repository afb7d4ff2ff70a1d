/**
 * The blocking list commands (BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BLMPOP) and LMPOP, BLMPOP's
 * non-blocking twin, as t_list.c of Redis 7.0.15 has them: each answers at once when its keys
 * hold something, and otherwise waits as a lone client waits (blocking.ts).
 */
import { NIL_ARRAY, SYNTAX, err } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import type { Reply } from '../trace-types.ts';
import { parseBlockingTimeout, waitOrTimeout } from './blocking.ts';
import { numkeysRefs, readMpop } from './numkeys.ts';
import { MOVE_KEYS, isList, listEnd, moveElement, popItems, readList } from './lists.ts';
import { arg, keyRange, type CommandContext, type CommandSpec } from './types.ts';

/** The ends LMPOP and BLMPOP name. */
const LIST_ENDS = ['left', 'right'] as const;

/**
 * The first of `keys` holding a list, popped by `count` from `end` (one element, unwrapped, when
 * `count` is null), as blockingPopGenericCommand and mpopGenericCommand walk them: an absent key
 * is passed over, a key of another type answers WRONGTYPE. Undefined when none holds a list.
 */
function popFirst(
  ks: Keyspace,
  keys: readonly string[],
  end: 'left' | 'right',
  count: number | null,
): Reply | undefined {
  for (const key of keys) {
    const items = readList(ks, key);
    if (items === undefined) continue;
    if (!isList(items)) return items;
    const popped = popItems(ks, key, items, end, count ?? 1);
    return count === null ? [key, popped[0] ?? ''] : [key, popped];
  }
  return undefined;
}

/** BLPOP / BRPOP key [key ...] timeout: the timeout is read first, then the keys in order. */
function blockingPop(end: 'left' | 'right'): CommandSpec {
  const name = end === 'left' ? 'blpop' : 'brpop';
  return {
    name,
    arity: -3,
    flags: ['write', 'noscript'],
    keys: keyRange(1, -2, 1, ['RW', 'access', 'delete']),
    run: (ctx, args) => {
      const timeout = parseBlockingTimeout(arg(args, args.length - 1));
      if (typeof timeout !== 'bigint') return timeout;
      const popped = popFirst(ctx.ks, args.slice(1, -1), end, null);
      return popped ?? waitOrTimeout(ctx, name, timeout);
    },
  };
}

/**
 * blmoveGenericCommand: the regular move when the source holds a list (its WRONGTYPE included);
 * a wrong-typed source answers WRONGTYPE; an absent one waits, whatever the destination holds
 * (inside MULTI/EXEC or a script, a null bulk at once; a timeout, a null array as for BLPOP).
 */
function blockingMove(
  ctx: CommandContext,
  name: string,
  args: readonly string[],
  from: 'left' | 'right',
  to: 'left' | 'right',
  timeout: bigint,
): Reply {
  const src = arg(args, 1);
  const items = readList(ctx.ks, src);
  if (items === undefined) return waitOrTimeout(ctx, name, timeout, null);
  if (!isList(items)) return items;
  return moveElement(ctx.ks, src, arg(args, 2), from, to);
}

/** BLMOVE source destination LEFT|RIGHT LEFT|RIGHT timeout: the ends are read before the timeout. */
const blmove: CommandSpec = {
  name: 'blmove',
  arity: 6,
  flags: ['write', 'noscript'],
  keys: MOVE_KEYS,
  run: (ctx, args) => {
    const from = listEnd(arg(args, 3));
    if (from === null) return err(SYNTAX);
    const to = listEnd(arg(args, 4));
    if (to === null) return err(SYNTAX);
    const timeout = parseBlockingTimeout(arg(args, 5));
    if (typeof timeout !== 'bigint') return timeout;
    return blockingMove(ctx, 'blmove', args, from, to, timeout);
  },
};

/** BRPOPLPUSH source destination timeout: BLMOVE source destination RIGHT LEFT timeout. */
const brpoplpush: CommandSpec = {
  name: 'brpoplpush',
  arity: 4,
  flags: ['write', 'noscript'],
  keys: MOVE_KEYS,
  run: (ctx, args) => {
    const timeout = parseBlockingTimeout(arg(args, 3));
    if (typeof timeout !== 'bigint') return timeout;
    return blockingMove(ctx, 'brpoplpush', args, 'right', 'left', timeout);
  },
};

/** The keys of LMPOP (numkeys at 1) or BLMPOP (numkeys at 2), as their keynum spec finds them. */
function mpopKeys(at: number) {
  return numkeysRefs(at, ['RW', 'access', 'delete']);
}

/** LMPOP numkeys key [key ...] LEFT|RIGHT [COUNT count]: a null array when no key holds a list. */
const lmpop: CommandSpec = {
  name: 'lmpop',
  arity: -4,
  flags: ['write'],
  keys: mpopKeys(1),
  run: ({ ks }, args) => {
    const parsed = readMpop(args, 1, LIST_ENDS);
    if (!('keys' in parsed)) return parsed;
    return popFirst(ks, parsed.keys, parsed.end, parsed.count) ?? NIL_ARRAY;
  },
};

/** BLMPOP timeout numkeys key [key ...] LEFT|RIGHT [COUNT count]: the timeout is read last. */
const blmpop: CommandSpec = {
  name: 'blmpop',
  arity: -5,
  flags: ['write'],
  keys: mpopKeys(2),
  run: (ctx, args) => {
    const parsed = readMpop(args, 2, LIST_ENDS);
    if (!('keys' in parsed)) return parsed;
    const timeout = parseBlockingTimeout(arg(args, 1));
    if (typeof timeout !== 'bigint') return timeout;
    const popped = popFirst(ctx.ks, parsed.keys, parsed.end, parsed.count);
    return popped ?? waitOrTimeout(ctx, 'blmpop', timeout);
  },
};

/** The blocking list commands and LMPOP, for the default command set (commands/defaults.ts). */
export const blockingListCommands: CommandSpec[] = [
  blockingPop('left'),
  blockingPop('right'),
  blmove,
  brpoplpush,
  lmpop,
  blmpop,
];
