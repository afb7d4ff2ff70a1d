import { describe, expect, it } from 'vitest';
import { LuaFunction, LuaTable, type LuaValue } from '../values.ts';
import { createCmsgpackLib } from './cmsgpack.ts';

const mp = createCmsgpackLib();
const call = (name: string, ...args: LuaValue[]) => (mp.get(name) as LuaFunction).call(args);

describe('cmsgpack (lua-cmsgpack 0.4.0)', () => {
  it('packs integers small, floats as float when exact, else double', () => {
    expect(call('pack', 1, -1, 200, -200)).toEqual(['\x01\xff\xcc\xc8\xd1\xff\x38']);
    expect(call('pack', 1.5)).toEqual(['\xca\x3f\xc0\x00\x00']);
    expect(call('pack', 0.1)).toEqual(['\xcb\x3f\xb9\x99\x99\x99\x99\x99\x9a']);
  });
  it('packs a 1..n table as an array, anything else as a map', () => {
    const arr = LuaTable.forConstructor(2, 0);
    arr.setList(1, ['a', 'b']);
    expect(call('pack', arr)).toEqual(['\x92\xa1a\xa1b']);
    const map = new LuaTable();
    map.set('k', true);
    expect(call('pack', map)).toEqual(['\x81\xa1k\xc3']);
  });
  it('unpacks streams, one value at a time with the next offset first', () => {
    expect(call('unpack', '\x01\x02')).toEqual([1, 2]);
    expect(call('unpack_one', '\x01\x02')).toEqual([1, 1]);
    expect(call('unpack_one', '\x01\x02', 1)).toEqual([-1, 2]);
    expect(call('unpack_limit', '\x01\x02\x03', 2)).toEqual([2, 1, 2]);
  });
  it('reports short and malformed input with the C wording', () => {
    expect(() => call('unpack', '\xcd\x01')).toThrow('Missing bytes in input.');
    expect(() => call('unpack', '\xc1')).toThrow('Bad data format in input.');
    expect(() => call('unpack_one', '\x01', 5)).toThrow(
      'Start offset 5 greater than input length 1.',
    );
    expect(() => call('pack')).toThrow('MessagePack pack needs input.');
  });
});
