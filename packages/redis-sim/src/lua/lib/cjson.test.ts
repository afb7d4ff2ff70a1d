import { describe, expect, it } from 'vitest';
import { LUA_NULL, LuaFunction, LuaTable, type LuaValue } from '../values.ts';
import { createCjsonLib } from './cjson.ts';

const cj = createCjsonLib();
const call = (name: string, ...args: LuaValue[]) => (cj.get(name) as LuaFunction).call(args);
const encode = (v: LuaValue) => call('encode', v)[0];

function array(...values: LuaValue[]): LuaTable {
  const t = LuaTable.forConstructor(values.length, 0);
  t.setList(1, values);
  return t;
}

describe('cjson (Lua CJSON 2.1.0 as Redis bundles it)', () => {
  it('encodes numbers with %.14g and escapes / and control bytes', () => {
    expect(encode(1 / 3)).toBe('0.33333333333333');
    expect(encode('a/b\n\x01\x7f"')).toBe('"a\\/b\\n\\u0001\\u007f\\""');
    expect(encode(array(1, undefined, 3))).toBe('[1,null,3]');
    expect(encode(new LuaTable())).toBe('{}');
  });

  it('refuses excessively sparse arrays, NaN/Inf, and unsupported types', () => {
    const sparse = new LuaTable();
    sparse.set(20, 1);
    expect(() => encode(sparse)).toThrow('Cannot serialise table: excessively sparse array');
    expect(() => encode(Infinity)).toThrow('Cannot serialise number: must not be NaN or Inf');
    expect(() => encode(new LuaFunction('f', () => []))).toThrow(
      'Cannot serialise function: type not supported',
    );
  });

  it('decodes null as cjson.null and reports errors with the character position', () => {
    const [t] = call('decode', '[1,null,"x"]') as [LuaTable];
    expect(t.get(2)).toBe(LUA_NULL);
    expect(cj.get('null')).toBe(LUA_NULL);
    expect(() => call('decode', '{1:2}')).toThrow(
      'Expected object key string but found T_NUMBER at character 2',
    );
    expect(call('decode', '"\\ud83d\\ude00"')).toEqual(['\xf0\x9f\x98\x80']);
  });

  it('keeps settings per instance: cjson.new() starts from the defaults', () => {
    const other = (cj.get('new') as LuaFunction).call([])[0] as LuaTable;
    (other.get('encode_number_precision') as LuaFunction).call([3]);
    expect((other.get('encode') as LuaFunction).call([1 / 3])).toEqual(['0.333']);
    expect(encode(1 / 3)).toBe('0.33333333333333');
    expect(() => (other.get('encode_number_precision') as LuaFunction).call([15])).toThrow(
      'expected integer between 1 and 14',
    );
  });
});
