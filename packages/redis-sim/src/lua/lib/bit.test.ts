import { describe, expect, it } from 'vitest';
import { LuaArgError, LuaFunction, type LuaValue } from '../values.ts';
import { createBitLib } from './bit.ts';

const lib = createBitLib();
const call = (name: string, ...args: LuaValue[]) => (lib.get(name) as LuaFunction).call(args);

describe('bit library (LuaBitOp)', () => {
  it('normalises to signed 32 bits, rounding fractions to even', () => {
    expect(call('tobit', 0xffffffff)).toEqual([-1]);
    expect(call('tobit', 2 ** 32 + 1)).toEqual([1]);
    expect(call('tobit', 2.5)).toEqual([2]);
    expect(call('tobit', 3.5)).toEqual([4]);
    expect(call('tobit', '0x10')).toEqual([16]);
  });
  it('shifts, rotates and swaps as the C library does', () => {
    expect(call('lshift', 1, 31)).toEqual([-(2 ** 31)]);
    expect(call('rshift', -1, 28)).toEqual([15]);
    expect(call('arshift', -256, 8)).toEqual([-1]);
    expect(call('rol', 0x12345678, 8)).toEqual([0x34567812]);
    expect(call('ror', 0x12345678, 8)).toEqual([0x78123456]);
    expect(call('bswap', 0x12345678)).toEqual([0x78563412]);
    expect(call('band', 0xff, 0x0f, 0x3)).toEqual([3]);
  });
  it('prints hex, upper case for a negative width', () => {
    expect(call('tohex', 1)).toEqual(['00000001']);
    expect(call('tohex', 255, -2)).toEqual(['FF']);
    expect(call('tohex', 0x1234, 20)).toEqual(['00001234']);
  });
  it('refuses what is not a number', () => {
    expect(() => call('bnot', 'x')).toThrow(LuaArgError);
    expect(() => call('bor', 1, undefined)).toThrow('number expected, got nil');
  });
});
