/**
 * Roberto Ierusalimschy's `struct` library as Redis 7.0.15 bundles it
 * (lua_struct.c), with the sizes of the x86-64 build Redis runs on: `long`
 * and `size_t` are 8 bytes, `int` 4, the native order little-endian and the
 * largest alignment 8. Integers go through C's 64-bit conversions, so values
 * out of range wrap (or saturate) as they do on a server.
 */
import {
  LuaArgError,
  LuaFunction,
  LuaRuntimeError,
  type LuaTable,
  type LuaValue,
} from '../values.ts';
import {
  checkNumber,
  checkString,
  coerceToNumber,
  registerLibrary,
  toInteger,
} from './lua-args.ts';

const MAXINTSIZE = 32;
const MAXALIGN = 8;
const INT_MAX = 0x7fffffff;
const U64 = (1n << 64n) - 1n;
const BIT63 = 1n << 63n;

interface Header {
  little: boolean;
  align: number;
}

/** The format string with a read cursor (C's `const char **fmt`). */
interface Fmt {
  s: string;
  i: number;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isAlnum = (c: string) => /^[0-9A-Za-z]$/.test(c);

/** `getnum`: the decimal number at the cursor, or the default when there is none. */
function getnum(fmt: Fmt, df: number): number {
  if (!isDigit(fmt.s[fmt.i])) return df;
  let a = 0;
  do {
    const d = fmt.s.charCodeAt(fmt.i) - 48;
    if (a > Math.floor(INT_MAX / 10) || a * 10 > INT_MAX - d) {
      throw new LuaRuntimeError('integral size overflow');
    }
    a = a * 10 + d;
    fmt.i++;
  } while (isDigit(fmt.s[fmt.i]));
  return a;
}

/** `optsize`: the size of an option (0 for control options). */
function optsize(opt: string, fmt: Fmt): number {
  switch (opt) {
    case 'B': case 'b': return 1;
    case 'H': case 'h': return 2;
    case 'L': case 'l': case 'T': case 'd': return 8;
    case 'f': return 4;
    case 'x': return 1;
    case 'c': return getnum(fmt, 1);
    case 'i': case 'I': {
      const sz = getnum(fmt, 4);
      if (sz > MAXINTSIZE) throw new LuaRuntimeError(`integral size ${sz} is larger than limit of ${MAXINTSIZE}`);
      return sz;
    }
    default: return 0;
  }
} // prettier-ignore

/** `gettoalign`: padding before an item of `size` at offset `len` (sizes that are not powers of two included). */
function gettoalign(len: number, h: Header, opt: string, size: number): number {
  if (size === 0 || opt === 'c') return 0;
  const s = Math.min(size, h.align);
  return (s - (len & (s - 1))) & (s - 1);
}

/** `controloptions`: endianness, alignment, spaces; anything else is refused. */
function controloptions(opt: string, fmt: Fmt, h: Header): void {
  switch (opt) {
    case ' ':
      return;
    case '>':
      h.little = false;
      return;
    case '<':
      h.little = true;
      return;
    case '!': {
      const a = getnum(fmt, MAXALIGN);
      if (!(a > 0 && (a & (a - 1)) === 0)) {
        throw new LuaRuntimeError(`alignment ${a} is not a power of 2`);
      }
      h.align = a;
      return;
    }
    default:
      throw new LuaArgError(1, `invalid format option '${opt}'`);
  }
}

/** `(unsigned long)n` as gcc compiles it on x86-64 (via a signed conversion and bit 63). */
function toUnsigned64(n: number): bigint {
  if (n < 0) return toInteger(n) & U64;
  if (!(n < 2 ** 63)) {
    // NaN and values from 2^63 up take the "big" path: subtract 2^63, convert, flip bit 63
    if (Number.isNaN(n)) return BIT63;
    return (toInteger(n - 2 ** 63) & U64) ^ BIT63;
  }
  return BigInt(Math.trunc(n));
}

const scratch = new DataView(new ArrayBuffer(8));

function floatBytes(n: number, size: 4 | 8, little: boolean): string {
  if (size === 4) scratch.setFloat32(0, n, little);
  else scratch.setFloat64(0, n, little);
  let s = '';
  for (let i = 0; i < size; i++) s += String.fromCharCode(scratch.getUint8(i));
  return s;
}

function pack(given: LuaValue[]): LuaValue[] {
  const fmt: Fmt = { s: checkString(given, 1), i: 0 };
  // b_pack pushes a nil mark above its arguments before it starts: the first
  // missing argument reads as nil, the ones after it as no value (outputs of
  // more than BUFSIZ bytes would also push buffer pieces; not modelled)
  const args = [...given, undefined];
  const h: Header = { little: true, align: 1 };
  let arg = 2;
  let total = 0;
  const out: string[] = [];
  while (fmt.i < fmt.s.length) {
    const opt = fmt.s[fmt.i++]!;
    let size = optsize(opt, fmt);
    const pad = gettoalign(total, h, opt, size);
    total += pad;
    if (pad > 0) out.push('\0'.repeat(pad));
    switch (opt) {
      case 'b': case 'B': case 'h': case 'H': case 'l': case 'L': case 'T': case 'i': case 'I': {
        let v = toUnsigned64(checkNumber(args, arg++));
        const bytes: string[] = new Array<string>(size);
        for (let k = 0; k < size; k++) {
          bytes[h.little ? k : size - 1 - k] = String.fromCharCode(Number(v & 0xffn));
          v >>= 8n;
        }
        out.push(bytes.join(''));
        break;
      }
      case 'x':
        out.push('\0');
        break;
      case 'f':
        out.push(floatBytes(checkNumber(args, arg++), 4, h.little));
        break;
      case 'd':
        out.push(floatBytes(checkNumber(args, arg++), 8, h.little));
        break;
      case 'c': case 's': {
        const s = checkString(args, arg++);
        if (size === 0) size = s.length;
        // the C code checks after moving on, so the message names the next argument
        if (s.length < size) throw new LuaArgError(arg, 'string too short');
        out.push(s.slice(0, size));
        if (opt === 's') {
          out.push('\0');
          size++;
        }
        break;
      }
      default:
        controloptions(opt, fmt, h);
    }
    total += size;
  }
  return [out.join('')];
} // prettier-ignore

/** `getinteger`: the 64-bit accumulation (bytes beyond 8 shift out), signed by `islower(opt)`. */
function getinteger(
  data: string,
  at: number,
  little: boolean,
  signed: boolean,
  size: number,
): number {
  let l = 0n;
  for (let k = 0; k < size; k++) {
    const b = data.charCodeAt(little ? at + size - 1 - k : at + k);
    l = ((l << 8n) | BigInt(b)) & U64;
  }
  if (!signed) return Number(l);
  // the shift count wraps at 64 on x86-64, as the C shift does for sizes above 8
  const mask = (U64 << BigInt((size * 8 - 1) & 63)) & U64;
  if (l & mask) l |= mask;
  return Number(BigInt.asIntN(64, l));
}

function readFloat(data: string, at: number, size: 4 | 8, little: boolean): number {
  for (let k = 0; k < size; k++) scratch.setUint8(k, data.charCodeAt(at + k));
  return size === 4 ? scratch.getFloat32(0, little) : scratch.getFloat64(0, little);
}

/** `(size_t)` of a lua_Integer: negative values become huge. */
function asSize(v: bigint): number {
  return v < 0n ? Number(v & U64) : Number(v);
}

/** Lua's C stack limit (LUAI_MAXCSTACK), which `luaL_checkstack` enforces. */
const MAXCSTACK = 8000;

function unpack(args: LuaValue[]): LuaValue[] {
  const fmt: Fmt = { s: checkString(args, 1), i: 0 };
  const data = checkString(args, 2);
  const ld = data.length;
  let pos = args[2] === undefined ? 1 : asSize(toInteger(checkNumber(args, 3)));
  if (!(pos > 0)) throw new LuaArgError(3, 'offset must be 1 or greater');
  pos--;
  const h: Header = { little: true, align: 1 };
  const results: LuaValue[] = [];
  const tooShort = (size: number) => !(size <= ld && pos <= ld - size);
  while (fmt.i < fmt.s.length) {
    const opt = fmt.s[fmt.i++]!;
    let size = optsize(opt, fmt);
    pos += gettoalign(pos, h, opt, size);
    if (tooShort(size)) throw new LuaArgError(2, 'data string too short');
    if (args.length + results.length + 2 > MAXCSTACK) {
      throw new LuaRuntimeError('stack overflow (too many results)');
    }
    switch (opt) {
      case 'b': case 'B': case 'h': case 'H': case 'l': case 'L': case 'T': case 'i': case 'I':
        results.push(getinteger(data, pos, h.little, opt === opt.toLowerCase(), size));
        break;
      case 'x':
        break;
      case 'f':
        results.push(readFloat(data, pos, 4, h.little));
        break;
      case 'd':
        results.push(readFloat(data, pos, 8, h.little));
        break;
      case 'c': {
        if (size === 0) {
          const prev = results.length === 0 ? undefined : coerceToNumber(results[results.length - 1]);
          if (prev === undefined) throw new LuaRuntimeError("format 'c0' needs a previous size");
          size = asSize(toUnsigned64(prev));
          results.pop();
          if (tooShort(size)) throw new LuaArgError(2, 'data string too short');
        }
        results.push(data.slice(pos, pos + size));
        break;
      }
      case 's': {
        const e = data.indexOf('\0', pos);
        if (e < 0) throw new LuaRuntimeError('unfinished string in data');
        size = e - pos + 1;
        results.push(data.slice(pos, e));
        break;
      }
      default:
        controloptions(opt, fmt, h);
    }
    pos += size;
  }
  results.push(pos + 1);
  return results;
} // prettier-ignore

function size(args: LuaValue[]): LuaValue[] {
  const fmt: Fmt = { s: checkString(args, 1), i: 0 };
  const h: Header = { little: true, align: 1 };
  let pos = 0;
  while (fmt.i < fmt.s.length) {
    const opt = fmt.s[fmt.i++]!;
    const sz = optsize(opt, fmt);
    pos += gettoalign(pos, h, opt, sz);
    if (opt === 's') throw new LuaArgError(1, "option 's' has no fixed size");
    if (opt === 'c' && sz === 0) throw new LuaArgError(1, "option 'c0' has no fixed size");
    if (!isAlnum(opt)) controloptions(opt, fmt, h);
    pos += sz;
  }
  return [pos];
}

/** The `struct` library (pack, unpack, size), registered as `luaL_register` does. */
export function createStructLib(): LuaTable {
  return registerLibrary([
    ['pack', new LuaFunction('pack', pack)],
    ['unpack', new LuaFunction('unpack', unpack)],
    ['size', new LuaFunction('size', size)],
  ]);
}
