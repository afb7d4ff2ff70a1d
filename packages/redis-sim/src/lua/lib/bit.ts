/**
 * LuaBitOp 1.0 as Redis 7.0.15 bundles it (lua_bit.c): 32-bit operations on
 * Lua's doubles. An argument becomes 32 bits the way the C library does it,
 * by adding 2^52+2^51 and keeping the low word of the result, so fractions
 * round to nearest-even and out-of-range values wrap; results come back as
 * signed 32-bit numbers.
 */
import { LuaFunction, type LuaTable, type LuaValue } from '../values.ts';
import { coerceToNumber, registerLibrary, typeError } from './lua-args.ts';

const scratch = new DataView(new ArrayBuffer(8));

/** `barg`: argument n as 32 unsigned bits (anything not a number reads as 0, then is refused). */
function barg(args: LuaValue[], n: number): number {
  const d = coerceToNumber(args[n - 1]);
  scratch.setFloat64(0, (d ?? 0) + 6755399441055744, true);
  const b = scratch.getUint32(0, true);
  if (b === 0 && d === undefined) throw typeError(args, n, 'number');
  return b;
}

/** `BRET`: the bits as a signed 32-bit number. */
const ret = (b: number): LuaValue[] => [b | 0];

function fold(args: LuaValue[], op: (a: number, b: number) => number): LuaValue[] {
  let b = barg(args, 1);
  for (let i = args.length; i > 1; i--) b = op(b, barg(args, i));
  return ret(b);
}

function shift(args: LuaValue[], op: (b: number, n: number) => number): LuaValue[] {
  const b = barg(args, 1);
  const n = barg(args, 2) & 31;
  return ret(op(b, n));
}

function tohex(args: LuaValue[]): LuaValue[] {
  let b = barg(args, 1);
  let n = args.length < 2 ? 8 : barg(args, 2) | 0;
  let digits = '0123456789abcdef';
  if (n < 0) {
    n = -n;
    digits = '0123456789ABCDEF';
  }
  if (n > 8) n = 8;
  let out = '';
  for (let i = n; --i >= 0;) {
    out = digits[b & 15] + out;
    b >>>= 4;
  }
  return [out];
}

/** The `bit` library, registered as `luaL_register` does (presized, in lua_bit.c's order). */
export function createBitLib(): LuaTable {
  const fn = (name: string, call: (args: LuaValue[]) => LuaValue[]): [string, LuaFunction] => [
    name,
    new LuaFunction(name, call),
  ];
  return registerLibrary([
    fn('tobit', (a) => ret(barg(a, 1))),
    fn('bnot', (a) => ret(~barg(a, 1))),
    fn('band', (a) => fold(a, (x, y) => x & y)),
    fn('bor', (a) => fold(a, (x, y) => x | y)),
    fn('bxor', (a) => fold(a, (x, y) => x ^ y)),
    fn('lshift', (a) => shift(a, (b, n) => b << n)),
    fn('rshift', (a) => shift(a, (b, n) => b >>> n)),
    fn('arshift', (a) => shift(a, (b, n) => (b | 0) >> n)),
    fn('rol', (a) => shift(a, (b, n) => (b << n) | (b >>> (32 - n)))),
    fn('ror', (a) => shift(a, (b, n) => (b << (32 - n)) | (b >>> n))),
    fn('bswap', (a) => {
      const b = barg(a, 1);
      return ret((b >>> 24) | ((b >>> 8) & 0xff00) | ((b & 0xff00) << 8) | (b << 24));
    }),
    fn('tohex', tohex),
  ]);
}
