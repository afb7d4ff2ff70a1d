import { describe, expect, it } from 'vitest';
import { LuaArgError, LuaTable, type LuaValue } from '../values.ts';
import { createTableLib } from './table.ts';
import { fn1, testHost } from './test-host.ts';

const lib = createTableLib(testHost);
function call(name: string, ...args: LuaValue[]): LuaValue[] {
  const f = lib.get(name);
  if (!(f && typeof f === 'object' && 'call' in f)) throw new Error(name);
  return f.call(args);
}
function array(...values: LuaValue[]): LuaTable {
  const t = LuaTable.forConstructor(values.length, 0);
  t.setList(1, values);
  return t;
}
function items(t: LuaTable): LuaValue[] {
  return Array.from({ length: t.length() }, (_, i) => t.get(i + 1));
}

describe('table library (ltablib.c)', () => {
  it('registers the nine functions of Redis 7.0 in ltablib order', () => {
    const names: LuaValue[] = [];
    for (let e = lib.next(undefined); e; e = lib.next(e[0])) names.push(e[0]);
    expect([...names].sort()).toEqual([
      'concat',
      'foreach',
      'foreachi',
      'getn',
      'insert',
      'maxn',
      'remove',
      'setn',
      'sort',
    ]);
  });

  it('inserts at the end, at a position, and refuses other argument counts', () => {
    const t = array('a', 'b');
    call('insert', t, 'c');
    call('insert', t, 1, 'z');
    expect(items(t)).toEqual(['z', 'a', 'b', 'c']);
    expect(() => call('insert', t)).toThrow("wrong number of arguments to 'insert'");
    expect(() => call('insert', t, 1, 2, 3)).toThrow("wrong number of arguments to 'insert'");
    expect(() => call('insert', t, 'x', 2)).toThrow(LuaArgError);
  });

  it('removes the last or a given element, and nothing outside 1..#t', () => {
    const t = array(1, 2, 3);
    expect(call('remove', t)).toEqual([3]);
    expect(call('remove', t, 1)).toEqual([1]);
    expect(call('remove', t, 5)).toEqual([]);
    expect(items(t)).toEqual([2]);
  });

  it('concats strings and numbers (%.14g) and names the bad value', () => {
    expect(call('concat', array('a', 1.5, 2 / 3), ',')).toEqual(['a,1.5,0.66666666666667']);
    expect(call('concat', array(1, 2, 3, 4), '-', 2, 3)).toEqual(['2-3']);
    expect(() => call('concat', array('a', true))).toThrow(
      "invalid value (boolean) at index 2 in table for 'concat'",
    );
  });

  it('sorts with < or a comparator, and catches an inconsistent one', () => {
    const t = array(5, 3, 9, 1);
    call('sort', t);
    expect(items(t)).toEqual([1, 3, 5, 9]);
    call(
      'sort',
      t,
      fn1((a, b) => (a as number) > (b as number)),
    );
    expect(items(t)).toEqual([9, 5, 3, 1]);
    expect(() =>
      call(
        'sort',
        array(5, 4, 3, 2, 1),
        fn1(() => true),
      ),
    ).toThrow('invalid order function for sorting');
  });

  it('answers maxn, getn, foreachi and foreach, and calls setn obsolete', () => {
    const t = array(1, 2);
    t.set(7.5, 'x');
    expect(call('maxn', t)).toEqual([7.5]);
    expect(call('getn', t)).toEqual([2]);
    const seen: LuaValue[] = [];
    call(
      'foreachi',
      t,
      fn1((i) => void seen.push(i)),
    );
    expect(seen).toEqual([1, 2]);
    expect(
      call(
        'foreach',
        t,
        fn1((k) => (k === 7.5 ? 'stop' : undefined)),
      ),
    ).toEqual(['stop']);
    expect(() => call('setn', t, 1)).toThrow("'setn' is obsolete");
  });
});
