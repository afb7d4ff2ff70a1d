import { describe, expect, it } from 'vitest';
import type { LuaFunction, LuaValue } from '../values.ts';
import { createStructLib } from './struct.ts';

const lib = createStructLib();
const call = (name: string, ...args: LuaValue[]) => (lib.get(name) as LuaFunction).call(args);

describe('struct (lua_struct.c on x86-64)', () => {
  it('packs integers in either byte order, with alignment', () => {
    expect(call('pack', '>I2', 0x1234)).toEqual(['\x12\x34']);
    expect(call('pack', '<i4', -2)).toEqual(['\xfe\xff\xff\xff']);
    expect(call('pack', '!4bi', 1, 2)).toEqual(['\x01\0\0\0\x02\0\0\0']);
    expect(call('size', '!4bi')).toEqual([8]);
  });
  it('unpacks what it packed, with the next position last', () => {
    const [s] = call('pack', '>hdsc3', -5, 1.5, 'ab', 'xyz') as [string];
    expect(call('unpack', '>hdsc3', s)).toEqual([-5, 1.5, 'ab', 'xyz', 17]);
    expect(call('unpack', 'b', '\x05\x06', 2)).toEqual([6, 3]);
  });
  it('reads a c0 string with the size before it', () => {
    expect(call('unpack', 'bc0', '\x03abcd')).toEqual(['abc', 5]);
    expect(() => call('unpack', 'c0', 'abc')).toThrow("format 'c0' needs a previous size");
  });
  it('refuses bad formats and short data with the C wording', () => {
    expect(() => call('pack', 'z')).toThrow("invalid format option 'z'");
    expect(() => call('pack', '!3')).toThrow('alignment 3 is not a power of 2');
    expect(() => call('pack', 'i33', 1)).toThrow('integral size 33 is larger than limit of 32');
    expect(() => call('unpack', 'i', 'ab')).toThrow('data string too short');
    expect(() => call('size', 's')).toThrow("option 's' has no fixed size");
    expect(() => call('pack', 'b')).toThrow('number expected, got nil');
  });
});
