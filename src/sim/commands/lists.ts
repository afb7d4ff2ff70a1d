import { NOT_INTEGER, WRONGTYPE, err } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import { redisParseInt } from '../numbers.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

function readList(ks: Keyspace, key: string): string[] | undefined | { error: string } {
  const v = ks.get(key);
  if (!v) return undefined;
  if (v.type !== 'list') return err(WRONGTYPE);
  return v.items;
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
      if (found && !Array.isArray(found)) return found;
      const items = found ?? [];
      for (const el of args.slice(2)) {
        if (side === 'left') items.unshift(el);
        else items.push(el);
      }
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
    if (!Array.isArray(items)) return items;
    const len = items.length;
    let s = start < 0 ? len + start : start;
    let e = stop < 0 ? len + stop : stop;
    if (s < 0) s = 0;
    if (s > e || s >= len) return [];
    if (e >= len) e = len - 1;
    return items.slice(s, e + 1);
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
    if (!Array.isArray(items)) return items;
    const target = arg(args, 3);
    const limit = count === 0 ? Infinity : Math.abs(count);
    let removed = 0;
    if (count >= 0) {
      for (let i = 0; i < items.length && removed < limit;) {
        if (items[i] === target) {
          items.splice(i, 1);
          removed++;
        } else i++;
      }
    } else {
      for (let i = items.length - 1; i >= 0 && removed < limit; i--) {
        if (items[i] === target) {
          items.splice(i, 1);
          removed++;
        }
      }
    }
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
    if (!Array.isArray(items)) return items;
    return items.length;
  },
};

export const listCommands: CommandSpec[] = [push('left'), push('right'), lrange, lrem, llen];
