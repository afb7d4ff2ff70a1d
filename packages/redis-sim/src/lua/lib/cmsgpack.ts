/**
 * lua-cmsgpack 0.4.0 as Redis 7.0.15 bundles it (lua_cmsgpack.c): pack,
 * unpack, unpack_one, unpack_limit. Numbers with an integral value that fits
 * an int64 are packed as the smallest MessagePack integer, others as a float
 * when the float holds them exactly, else as a double; a table is an array
 * when its keys are exactly 1..n, else a map in `next` order; tables nested 16
 * deep, functions, nil and userdata pack as nil. Decoding makes tables with
 * plain assignments, so a nil in an array leaves a dead key as on a server.
 */
import { LuaArgError, LuaFunction, LuaRuntimeError, LuaTable, type LuaValue } from '../values.ts';
import { argTypeName, checkNumber, coerceToString, toInteger } from './lua-args.ts';
import { chargeHeap, chargeWork } from '../interpreter/runtime.ts';

const MAX_NESTING = 16;
/** Lua's C stack limit (LUAI_MAXCSTACK), which `luaL_checkstack` enforces while unpacking. */
const MAXCSTACK = 8000;
const INT_MAX = 0x7fffffff;

const chr = String.fromCharCode;
const scratch = new DataView(new ArrayBuffer(8));

/** Big-endian bytes of the low `n` bytes of v. */
function be(v: bigint | number, n: number): string {
  let x = BigInt(v);
  let s = '';
  for (let i = 0; i < n; i++) {
    s = chr(Number(x & 0xffn)) + s;
    x >>= 8n;
  }
  return s;
}

function encodeBytes(s: string): string {
  const len = s.length;
  if (len < 32) return chr(0xa0 | len) + s;
  if (len <= 0xff) return `\xd9${chr(len)}${s}`;
  if (len <= 0xffff) return `\xda${be(len, 2)}${s}`;
  return `\xdb${be(len, 4)}${s}`;
}

function encodeInt(n: bigint): string {
  if (n >= 0n) {
    if (n <= 127n) return chr(Number(n));
    if (n <= 0xffn) return `\xcc${be(n, 1)}`;
    if (n <= 0xffffn) return `\xcd${be(n, 2)}`;
    if (n <= 0xffffffffn) return `\xce${be(n, 4)}`;
    return `\xcf${be(n, 8)}`;
  }
  if (n >= -32n) return chr(Number(n) & 0xff);
  if (n >= -128n) return `\xd0${be(n, 1)}`;
  if (n >= -32768n) return `\xd1${be(n, 2)}`;
  if (n >= -2147483648n) return `\xd2${be(n, 4)}`;
  return `\xd3${be(n, 8)}`;
}

function encodeDouble(d: number): string {
  const f = Math.fround(d);
  if (d === f) {
    scratch.setFloat32(0, f);
    let s = '\xca';
    for (let i = 0; i < 4; i++) s += chr(scratch.getUint8(i));
    return s;
  }
  scratch.setFloat64(0, d);
  let s = '\xcb';
  for (let i = 0; i < 8; i++) s += chr(scratch.getUint8(i));
  return s;
}

function encodeNumber(n: number): string {
  // IS_INT64_EQUIVALENT: (int64_t)n == n, where an out-of-range n converts to INT64_MIN
  if (Number.isFinite(n) && Number.isInteger(n) && n >= -(2 ** 63) && n < 2 ** 63) {
    return encodeInt(toInteger(n));
  }
  return encodeDouble(n);
}

/** `table_is_an_array`: keys exactly 1..count (positive C ints). */
function isArray(t: LuaTable): boolean {
  let count = 0;
  let max = 0;
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    const k = e[0];
    if (typeof k !== 'number' || !(k > 0) || (k | 0) !== k) return false;
    if (k > max) max = k;
    count++;
  }
  return max === count;
}

function encodeValue(out: string[], v: LuaValue, level: number): void {
  if (typeof v === 'string') out.push(encodeBytes(v));
  else if (typeof v === 'boolean') out.push(v ? '\xc3' : '\xc2');
  else if (typeof v === 'number') out.push(encodeNumber(v));
  else if (v instanceof LuaTable && level !== MAX_NESTING) {
    if (isArray(v)) {
      const len = v.length();
      out.push(len <= 15 ? chr(0x90 | len) : len <= 0xffff ? `\xdc${be(len, 2)}` : `\xdd${be(len, 4)}`);
      for (let j = 1; j <= len; j++) encodeValue(out, v.get(j), level + 1);
    } else {
      let len = 0;
      for (let e = v.next(undefined); e; e = v.next(e[0])) len++;
      out.push(len <= 15 ? chr(0x80 | len) : len <= 0xffff ? `\xde${be(len, 2)}` : `\xdf${be(len, 4)}`);
      for (let e = v.next(undefined); e; e = v.next(e[0])) {
        encodeValue(out, e[0], level + 1);
        encodeValue(out, e[1], level + 1);
      }
    }
  } else out.push('\xc0');
} // prettier-ignore

function pack(args: LuaValue[]): LuaValue[] {
  if (args.length === 0) throw new LuaArgError(0, 'MessagePack pack needs input.');
  const out: string[] = [];
  for (const v of args) encodeValue(out, v, 0);
  const text = out.join('');
  chargeHeap(text.length);
  // a piece per value: the encoder's steps
  chargeWork(out.length);
  return [text];
}

/** Why decoding stopped early (`mp_cur.err`). */
class DecodeStop extends Error {
  constructor(readonly eof: boolean) {
    super(eof ? 'Missing bytes in input.' : 'Bad data format in input.');
  }
}

/** The input with a cursor, and the Lua stack height `luaL_checkstack` would see. */
class Cursor {
  height: number;
  constructor(
    readonly s: string,
    public p: number,
    baseHeight: number,
  ) {
    this.height = baseHeight;
  }

  get left(): number {
    return this.s.length - this.p;
  }

  need(n: number): void {
    if (this.left < n) throw new DecodeStop(true);
  }

  byte(i: number): number {
    return this.s.charCodeAt(this.p + i);
  }

  /** Bytes p+1 .. p+n as an unsigned big-endian integer. */
  uint(n: number): bigint {
    let v = 0n;
    for (let i = 1; i <= n; i++) v = (v << 8n) | BigInt(this.byte(i));
    return v;
  }

  checkStack(): void {
    if (this.height + 1 > MAXCSTACK) {
      throw new LuaRuntimeError(
        'stack overflow (too many return values at once; use unpack_one or unpack_limit instead.)',
      );
    }
  }
}

function decodeFloat(c: Cursor, size: 4 | 8): number {
  for (let i = 0; i < size; i++) scratch.setUint8(i, c.byte(1 + i));
  return size === 4 ? scratch.getFloat32(0) : scratch.getFloat64(0);
}

/** A table being filled while decoding (the C code recurses; this keeps its own stack). */
interface Open {
  t: LuaTable;
  map: boolean;
  left: number;
  index: number;
  key: LuaValue;
  haveKey: boolean;
}

/** What one header byte starts: a finished value, or a container of `len` items. */
type Item = { value: LuaValue } | { open: 'array' | 'map'; len: number };

/** One header at the cursor (`mp_decode_to_lua_type` up to the recursion). */
function readItem(c: Cursor): Item {
  c.need(1);
  c.checkStack();
  const b = c.byte(0);
  const fixed = (n: number, value: LuaValue): Item => {
    c.need(n);
    c.p += n;
    return { value };
  };
  const str = (header: number, len: number): Item => {
    c.need(header + len);
    const value = c.s.slice(c.p + header, c.p + header + len);
    c.p += header + len;
    return { value };
  };
  switch (b) {
    case 0xcc: c.need(2); return fixed(2, c.byte(1));
    case 0xd0: c.need(2); return fixed(2, (c.byte(1) << 24) >> 24);
    case 0xcd: c.need(3); return fixed(3, Number(c.uint(2)));
    case 0xd1: c.need(3); return fixed(3, Number(BigInt.asIntN(16, c.uint(2))));
    case 0xce: c.need(5); return fixed(5, Number(c.uint(4)));
    case 0xd2: c.need(5); return fixed(5, Number(BigInt.asIntN(32, c.uint(4))));
    // uint 64 goes through lua_pushinteger, a signed 64-bit integer: 2^63 and up wrap negative
    case 0xcf: c.need(9); return fixed(9, Number(BigInt.asIntN(64, c.uint(8))));
    case 0xd3: c.need(9); return fixed(9, Number(BigInt.asIntN(64, c.uint(8))));
    case 0xc0: return fixed(1, undefined);
    case 0xc3: return fixed(1, true);
    case 0xc2: return fixed(1, false);
    case 0xca: c.need(5); return fixed(5, decodeFloat(c, 4));
    case 0xcb: c.need(9); return fixed(9, decodeFloat(c, 8));
    case 0xd9: c.need(2); return str(2, c.byte(1));
    case 0xda: c.need(3); return str(3, Number(c.uint(2)));
    case 0xdb: {
      c.need(5);
      const len = Number(c.uint(4));
      c.p += 5;
      return str(0, len);
    }
    case 0xdc: case 0xdd: case 0xde: case 0xdf: {
      const n = b === 0xdc || b === 0xde ? 2 : 4;
      c.need(1 + n);
      const len = Number(c.uint(n));
      c.p += 1 + n;
      return { open: b <= 0xdd ? 'array' : 'map', len };
    }
    default:
      if ((b & 0x80) === 0) return fixed(1, b);
      if ((b & 0xe0) === 0xe0) return fixed(1, (b << 24) >> 24);
      if ((b & 0xe0) === 0xa0) return str(1, b & 0x1f);
      if ((b & 0xf0) === 0x90 || (b & 0xf0) === 0x80) {
        c.p += 1;
        return { open: (b & 0xf0) === 0x90 ? 'array' : 'map', len: b & 0xf };
      }
      throw new DecodeStop(false);
  }
} // prettier-ignore

/**
 * One top-level value, nested tables included. The stack height follows the
 * C code's Lua stack: an array holds its table and the pending index, a map
 * its table and, while its value is decoded, the key.
 */
function decodeValue(c: Cursor): LuaValue {
  const open: Open[] = [];
  for (;;) {
    // every item decoded, nested ones too, is a step of the decoder's work
    chargeWork(1);
    const item = readItem(c);
    let value: LuaValue;
    if ('value' in item) value = item.value;
    else {
      const t = new LuaTable();
      if (item.open === 'array') {
        if (c.height + 2 > MAXCSTACK) {
          throw new LuaRuntimeError('stack overflow (in function mp_decode_to_lua_array)');
        }
        c.height += 2;
      } else c.height += 1;
      open.push({ t, map: item.open === 'map', left: item.len, index: 1, key: undefined, haveKey: false }); // prettier-ignore
      if (item.len > 0) continue;
      value = undefined;
    }
    // hand the value to the innermost open table; finished tables become values in turn
    for (;;) {
      const f = open.at(-1);
      if (f === undefined) return value;
      if (f.left > 0) {
        if (f.map && !f.haveKey) {
          f.key = value;
          f.haveKey = true;
          c.height += 1;
          break;
        }
        if (f.map) {
          c.height -= 1;
          f.haveKey = false;
          f.t.set(f.key, value);
        } else f.t.set(f.index++, value);
        f.left--;
        if (f.left > 0) break;
      }
      open.pop();
      c.height -= f.map ? 1 : 2;
      value = f.t;
    }
  }
}

/** `mp_unpack_full`: up to `limit` values from `offset`; with both 0, every value and no offset. */
function unpackFull(args: LuaValue[], limit: bigint, offset: bigint, popped: boolean): LuaValue[] {
  const s = coerceToString(args[0]);
  if (s === undefined) {
    throw new LuaArgError(1, `string expected, got ${argTypeName(args.slice(0, 1), 1)}`);
  }
  const all = limit === 0n && offset === 0n;
  const len = s.length;
  const cInt = (v: bigint) => Number(BigInt.asIntN(32, v));
  if (offset < 0n || limit < 0n) {
    // the C code prints the input length where it means the limit
    throw new LuaRuntimeError(
      `Invalid request to unpack with offset of ${cInt(offset)} and limit of ${len}.`,
    );
  }
  if (offset > BigInt(len)) {
    throw new LuaRuntimeError(`Start offset ${cInt(offset)} greater than input length ${len}.`);
  }
  const max = all ? BigInt(INT_MAX) : limit;
  // unpack_one and unpack_limit pop their extra arguments first; unpack keeps them
  const c = new Cursor(s, Number(offset), popped ? 1 : args.length);
  const results: LuaValue[] = [];
  for (let cnt = 0n; c.left > 0 && cnt < max; cnt++) {
    const left = c.left;
    try {
      results.push(decodeValue(c));
      // the values made are about as large as the bytes read, and so is the work
      chargeHeap(left - c.left);
    } catch (err) {
      if (err instanceof DecodeStop) throw new LuaRuntimeError(err.message);
      throw err;
    }
    c.height++;
  }
  if (all) return results;
  return [c.left === 0 ? -1 : len - c.left, ...results];
}

/** `luaL_optinteger`: the default for none or nil. */
function optInteger(args: LuaValue[], n: number, def: bigint): bigint {
  return args[n - 1] === undefined ? def : toInteger(checkNumber(args, n));
}

/** The `cmsgpack` module table, built field by field as `luaopen_create` does. */
export function createCmsgpackLib(): LuaTable {
  const t = new LuaTable();
  const fn = (name: string, call: (args: LuaValue[]) => LuaValue[]) =>
    t.set(name, new LuaFunction(name, call));
  fn('pack', pack);
  fn('unpack', (args) => unpackFull(args, 0n, 0n, false));
  fn('unpack_one', (args) => unpackFull(args, 1n, optInteger(args, 2, 0n), true));
  fn('unpack_limit', (args) => {
    const limit = toInteger(checkNumber(args, 2));
    return unpackFull(args, limit, optInteger(args, 3, 0n), true);
  });
  t.set('_NAME', 'cmsgpack');
  t.set('_VERSION', 'lua-cmsgpack 0.4.0');
  t.set('_COPYRIGHT', 'Copyright (C) 2012, Salvatore Sanfilippo');
  t.set('_DESCRIPTION', 'MessagePack C implementation for Lua');
  return t;
}
