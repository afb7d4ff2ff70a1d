import { describe, expect, it } from 'vitest';
import { fromLuaString, LuaError, LuaTable, type LuaValue } from './values.ts';

function keys(t: LuaTable): LuaValue[] {
  const out: LuaValue[] = [];
  for (let e = t.next(undefined); e; e = t.next(e[0])) out.push(e[0]);
  return out;
}

describe('LuaTable (ltable.c storage)', () => {
  it('grows the array part by doubling as 1..n is appended', () => {
    const t = new LuaTable();
    for (let i = 1; i <= 5; i++) t.set(i, i);
    expect(t.sizes()).toEqual({ array: 8, nodes: 0 });
    expect(t.length()).toBe(5);
  });

  it('appends 100,000 values in amortised constant time each', () => {
    const t = new LuaTable();
    for (let i = 1; i <= 100_000; i++) t.set(t.length() + 1, i);
    expect(t.length()).toBe(100_000);
    expect(t.sizes().array).toBe(131072);
  });

  it('keeps a key set to nil as a dead node that next can continue from', () => {
    const t = new LuaTable();
    t.set('a', 1);
    t.set('b', 2);
    t.set('c', 3);
    const [first] = t.next(undefined)!;
    t.set(first, undefined);
    expect(() => t.next(first)).not.toThrow();
    expect(keys(t)).toHaveLength(2);
  });

  it('refuses an unknown key to next, and nil or NaN keys to set', () => {
    const t = new LuaTable();
    t.set('a', 1);
    expect(() => t.next('zz')).toThrow("invalid key to 'next'");
    expect(() => t.set(undefined, 1)).toThrow(LuaError);
    expect(() => t.set(Number.NaN, 1)).toThrow('table index is NaN');
    expect(t.get(Number.NaN)).toBeUndefined();
  });

  it('treats -0 as the key 0 and keeps the first spelling', () => {
    const t = new LuaTable();
    t.set(-0, 'x');
    expect(t.get(0)).toBe('x');
    expect(Object.is(keys(t)[0], -0)).toBe(true);
  });

  it('finds the border Lua 5.1 finds in a table with holes', () => {
    // {1, 2, nil, 4} preallocates 4 slots: the last is non-nil, so # is 4
    const t = LuaTable.forConstructor(4, 0);
    t.setList(1, [1, 2, undefined, 4]);
    expect(t.length()).toBe(4);
    t.set(4, undefined);
    expect(t.length()).toBe(2);
  });

  it('answers # after every write as a table never asked before (the border is kept only until a write)', () => {
    // a fixed pseudo-random walk of stores and nils over keys 1..40, through rehashes both ways
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const asked = new LuaTable();
    const ops: Array<[number, LuaValue]> = [];
    for (let step = 0; step < 600; step++) {
      const k = 1 + (next() % 40);
      const v = next() % 3 === 0 ? undefined : step;
      asked.set(k, v);
      ops.push([k, v]);
      const fresh = new LuaTable();
      for (const [key, value] of ops) fresh.set(key, value);
      expect(asked.length(), `after ${step + 1} writes`).toBe(fresh.length());
      expect(asked.length()).toBe(fresh.length());
    }
  });

  it('sizes a constructor through the opcode size hints, and grows for a longer list', () => {
    expect(LuaTable.forConstructor(17, 3).sizes()).toEqual({ array: 18, nodes: 4 });
    const t = LuaTable.forConstructor(1, 0);
    t.setList(1, [1, 2, 3]);
    expect(t.sizes()).toEqual({ array: 3, nodes: 0 });
  });
});

describe('LuaTable.fromSequence', () => {
  const same = (v: string) => v;
  // the table a one-by-one build leaves: sizes and the order next() walks, entry by entry
  const layout = (t: LuaTable) => {
    const order: unknown[] = [];
    for (let e = t.next(undefined); e; e = t.next(e[0])) order.push(e[0], e[1]);
    return { sizes: t.sizes(), order, length: t.length() };
  };
  it('leaves the table that storing 1..n one by one leaves, for every n up to 1,100', () => {
    for (let n = 0; n <= 1100; n++) {
      const values = Array.from({ length: n }, (_, i) => `v${i}`);
      const oneByOne = new LuaTable();
      values.forEach((v, i) => oneByOne.set(i + 1, v));
      expect(layout(LuaTable.fromSequence(values, same)), `n = ${n}`).toEqual(layout(oneByOne));
    }
  });
  it('keeps the layout a later store sees: the next key after n goes where it would', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 20_001]) {
      const values = Array.from({ length: n }, (_, i) => String(i));
      const oneByOne = new LuaTable();
      values.forEach((v, i) => oneByOne.set(i + 1, v));
      const fast = LuaTable.fromSequence(values, same);
      for (const t of [fast, oneByOne]) {
        t.set(n + 1, 'next');
        t.set('k', 'hash');
      }
      expect(layout(fast), `n = ${n}`).toEqual(layout(oneByOne));
    }
  });
});

describe('fromLuaString', () => {
  it('decodes each non-ASCII string by its own bytes, whatever it decoded last', () => {
    const e = '\xc3\xa9'; // é as UTF-8
    const ue = '\xc3\xbc'; // ü
    expect(fromLuaString(e)).toBe('é');
    expect(fromLuaString(e)).toBe('é');
    // another string of the same length right after: the kept answer is not its answer
    expect(fromLuaString(ue)).toBe('ü');
    expect(fromLuaString('job:' + e)).toBe('job:é');
    expect(fromLuaString(e)).toBe('é');
    expect(fromLuaString('\xc8')).toBe('\udcc8');
    expect(fromLuaString('ascii')).toBe('ascii');
    expect(fromLuaString(ue)).toBe('ü');
  });
});
