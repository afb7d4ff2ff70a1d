import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServer } from './create-server.ts';
import { NIL_ARRAY, OK } from './errors.ts';
import { ListItems } from './list-items.ts';
import type { Reply } from './trace-types.ts';

/**
 * A list is a ring buffer (list-items.ts), which wraps, grows and shrinks as it is pushed and
 * popped. Whatever a sequence of list commands does to it must be what the same commands do to
 * the plain array of Redis's semantics written out below: every reply, and the list after each
 * command. Pushes of up to 40 elements and pops of up to 40 take the ring across its growing and
 * shrinking sizes and around its end; a handful of element texts make LREM, LINSERT and LPOS-like
 * searches find matches.
 */
const SEED = 20261205;

type Op =
  | { name: 'LPUSH' | 'RPUSH'; elements: string[] }
  | { name: 'LPOP' | 'RPOP'; count: number | null }
  | { name: 'LINDEX'; index: number }
  | { name: 'LRANGE' | 'LTRIM'; start: number; stop: number }
  | { name: 'LSET'; index: number; element: string }
  | { name: 'LINSERT'; where: 'BEFORE' | 'AFTER'; pivot: string; element: string }
  | { name: 'LREM'; count: number; element: string };

const element = fc.constantFrom('a', 'b', 'c', 'd', '');
const index = fc.integer({ min: -50, max: 50 });

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      name: fc.constantFrom('LPUSH' as const, 'RPUSH' as const),
      elements: fc.array(element, { minLength: 1, maxLength: 40 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      name: fc.constantFrom('LPOP' as const, 'RPOP' as const),
      count: fc.option(fc.integer({ min: 1, max: 40 })),
    }),
  },
  fc.record({ name: fc.constant('LINDEX' as const), index }),
  fc.record({
    name: fc.constantFrom('LRANGE' as const, 'LTRIM' as const),
    start: index,
    stop: index,
  }),
  fc.record({ name: fc.constant('LSET' as const), index, element }),
  fc.record({
    name: fc.constant('LINSERT' as const),
    where: fc.constantFrom('BEFORE' as const, 'AFTER' as const),
    pivot: element,
    element,
  }),
  fc.record({
    name: fc.constant('LREM' as const),
    count: fc.integer({ min: -3, max: 3 }),
    element,
  }),
);

/** The command line of `o` on the key `l`. */
function argv(o: Op): string[] {
  switch (o.name) {
    case 'LPUSH':
    case 'RPUSH':
      return [o.name, 'l', ...o.elements];
    case 'LPOP':
    case 'RPOP':
      return o.count === null ? [o.name, 'l'] : [o.name, 'l', String(o.count)];
    case 'LINDEX':
      return [o.name, 'l', String(o.index)];
    case 'LRANGE':
    case 'LTRIM':
      return [o.name, 'l', String(o.start), String(o.stop)];
    case 'LSET':
      return [o.name, 'l', String(o.index), o.element];
    case 'LINSERT':
      return [o.name, 'l', o.where, o.pivot, o.element];
    case 'LREM':
      return [o.name, 'l', String(o.count), o.element];
  }
}

/** LRANGE's and LTRIM's range of a list of `len`, as [first, last], or null when empty. */
function range(len: number, start: number, stop: number): [number, number] | null {
  const s = Math.max(start < 0 ? len + start : start, 0);
  const e = Math.min(stop < 0 ? len + stop : stop, len - 1);
  return s > e || s >= len ? null : [s, e];
}

/** What `o` answers on the plain array `a` (an empty array is an absent key), changing `a`. */
function onArray(a: string[], o: Op): Reply {
  switch (o.name) {
    case 'LPUSH':
      for (const e of o.elements) a.unshift(e);
      return a.length;
    case 'RPUSH':
      a.push(...o.elements);
      return a.length;
    case 'LPOP':
    case 'RPOP': {
      if (a.length === 0) return o.count === null ? null : NIL_ARRAY;
      const n = Math.min(o.count ?? 1, a.length);
      const popped = o.name === 'LPOP' ? a.splice(0, n) : a.splice(a.length - n).reverse();
      return o.count === null ? popped[0]! : popped;
    }
    case 'LINDEX':
      return a.at(o.index) ?? null;
    case 'LRANGE': {
      const r = range(a.length, o.start, o.stop);
      return r === null ? [] : a.slice(r[0], r[1] + 1);
    }
    case 'LTRIM': {
      const r = range(a.length, o.start, o.stop);
      a.splice(0, a.length, ...(r === null ? [] : a.slice(r[0], r[1] + 1)));
      return OK;
    }
    case 'LSET': {
      if (a.length === 0) return { error: 'ERR no such key' };
      const i = o.index < 0 ? a.length + o.index : o.index;
      if (i < 0 || i >= a.length) return { error: 'ERR index out of range' };
      a[i] = o.element;
      return OK;
    }
    case 'LINSERT': {
      if (a.length === 0) return 0;
      const at = a.indexOf(o.pivot);
      if (at < 0) return -1;
      a.splice(o.where === 'AFTER' ? at + 1 : at, 0, o.element);
      return a.length;
    }
    case 'LREM': {
      const limit = o.count === 0 ? Infinity : Math.abs(o.count);
      let removed = 0;
      const order = [...a.keys()];
      if (o.count < 0) order.reverse();
      const gone = new Set<number>();
      for (const i of order) {
        if (removed === limit) break;
        if (a[i] === o.element) {
          gone.add(i);
          removed++;
        }
      }
      a.splice(0, a.length, ...a.filter((_, i) => !gone.has(i)));
      return removed;
    }
  }
}

describe('a list kept as a ring', () => {
  it('answers every list command as a plain array does, and holds what the array holds', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const server = createServer();
        const model: string[] = [];
        for (const o of ops) {
          expect(server.call(argv(o)), argv(o).join(' ')).toEqual(onArray(model, o));
          expect(server.call(['LRANGE', 'l', '0', '-1'])).toEqual(model);
          expect(server.call(['EXISTS', 'l'])).toBe(model.length > 0 ? 1 : 0);
        }
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('reads and copies by position from either end, wrapped or not', () => {
    const list = ListItems.of(['c', 'd']);
    list.pushLeft('b');
    list.pushLeft('a');
    list.pushRight('e');
    expect([...list]).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([list.at(0), list.at(4), list.at(5), list.at(-1)]).toEqual([
      'a',
      'e',
      undefined,
      undefined,
    ]);
    expect(list.slice(1, 3)).toEqual(['b', 'c']);
    const copy = list.clone();
    copy.popLeft();
    expect(list.toArray()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(copy.toArray()).toEqual(['b', 'c', 'd', 'e']);
  });
});
