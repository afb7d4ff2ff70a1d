/**
 * Lua 5.1's `string.format` (str_format in lstrlib.c): it scans each `%` item
 * itself (at most 5 flag characters, 2 width digits, 2 precision digits), then
 * lets C's sprintf convert one argument, so the output is glibc's.
 */
import { LuaArgError, LuaRuntimeError, type LuaValue } from '../values.ts';
import { checkNumber, checkString, toLong } from './lua-args.ts';
import {
  formatCChar,
  formatCFloat,
  formatCInteger,
  formatCString,
  type CFormatSpec,
} from './c-printf.ts';

const FLAGS = '-+ #0';
const TWO_63 = 2 ** 63;

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

/** scanformat: the flags, width and precision after a '%', and where the conversion is. */
function scanFormat(fmt: string, at: number): { spec: CFormatSpec; next: number } {
  let p = at;
  while (p < fmt.length && FLAGS.includes(fmt[p] ?? '')) p++;
  if (p - at >= FLAGS.length + 1) throw new LuaRuntimeError('invalid format (repeated flags)');
  const flags = fmt.slice(at, p);
  const widthStart = p;
  if (isDigitAt(fmt, p)) p++;
  if (isDigitAt(fmt, p)) p++;
  const width = p > widthStart ? Number(fmt.slice(widthStart, p)) : 0;
  let precision: number | undefined;
  if (fmt[p] === '.') {
    p++;
    const precStart = p;
    if (isDigitAt(fmt, p)) p++;
    if (isDigitAt(fmt, p)) p++;
    precision = p > precStart ? Number(fmt.slice(precStart, p)) : 0;
  }
  if (isDigitAt(fmt, p)) {
    throw new LuaRuntimeError('invalid format (width or precision too long)');
  }
  return { spec: { flags, width, precision }, next: p };
}

/**
 * C's `(unsigned long)d` as gcc emits it on x86-64: values below 2^63 (and
 * NaN) go through the signed conversion, larger ones are converted after
 * subtracting 2^63, each out-of-range case giving cvttsd2si's -2^63.
 */
export function toUnsignedLong(d: number): bigint {
  if (!(d >= TWO_63)) return BigInt.asUintN(64, BigInt(toLong(d)));
  const high = d - TWO_63;
  const low = high < TWO_63 ? BigInt(Math.trunc(high)) : -(2n ** 63n);
  return BigInt.asUintN(64, low ^ -(2n ** 63n));
}

/** A byte `%q` escapes (not global: `test` keeps no place between calls). */
const NEEDS_ESCAPE = /[\\"\n\r\0]/;

/** Reads code units back as a string in one native call (each unit is one char). */
const UNITS = new TextDecoder('utf-16le');

/**
 * `%q`: the string in double quotes, escaped so Lua reads it back (5.1 escapes `\`, `"`, a
 * newline, `\r` and NUL only). Written into one array of code units sized by a first pass and
 * read back as a string at once: linear and quick however many bytes need escapes (passes of
 * `replace`, one per escape, took 400 ms a megabyte of them). A Lua string's chars are bytes,
 * so no unit is half a surrogate pair that the decoding would replace.
 */
function quoted(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let size = s.length + 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) size += 3;
    else if (c === 0x5c || c === 0x22 || c === 0x0a || c === 0x0d) size += 1;
  }
  const out = new Uint16Array(size);
  let o = 0;
  out[o++] = 0x22;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) {
      // \000
      out[o++] = 0x5c;
      out[o++] = 0x30;
      out[o++] = 0x30;
      out[o++] = 0x30;
    } else if (c === 0x5c || c === 0x22 || c === 0x0a) {
      // \\, \" and a backslash before the newline itself
      out[o++] = 0x5c;
      out[o++] = c;
    } else if (c === 0x0d) {
      // \r
      out[o++] = 0x5c;
      out[o++] = 0x72;
    } else out[o++] = c;
  }
  out[o] = 0x22;
  return UNITS.decode(out);
}

/** sprintf's output is read back with strlen: a NUL byte (from `%c` of 0) ends it. */
function cString(s: string): string {
  const nul = s.indexOf('\0');
  return nul === -1 ? s : s.slice(0, nul);
}

/** `string.format(fmt, ...)` for the call's exact argument list. */
export function stringFormat(args: LuaValue[]): string {
  const fmt = checkString(args, 1);
  let arg = 1;
  const out: string[] = [];
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i] ?? '';
    if (ch !== '%') {
      out.push(ch);
      i++;
      continue;
    }
    i++;
    if (fmt[i] === '%') {
      out.push('%');
      i++;
      continue;
    }
    if (++arg > args.length) throw new LuaArgError(arg, 'no value');
    const { spec, next } = scanFormat(fmt, i);
    // past the end, C reads the format's terminating NUL as the conversion
    const conversion = next < fmt.length ? (fmt[next] ?? '\0') : '\0';
    i = next + 1;
    out.push(convert(args, arg, spec, conversion));
  }
  return out.join('');
}

function convert(args: LuaValue[], arg: number, spec: CFormatSpec, conversion: string): string {
  switch (conversion) {
    case 'c': {
      const n = checkNumber(args, arg);
      // (int)d: an int out of range becomes INT_MIN, whose low byte is 0
      const int = n >= -2147483648 && n < 2147483648 ? Math.trunc(n) : 0;
      return cString(formatCChar(spec, int));
    }
    case 'd':
    case 'i':
      return formatCInteger(spec, conversion, BigInt(toLong(checkNumber(args, arg))));
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      return formatCInteger(spec, conversion, toUnsignedLong(checkNumber(args, arg)));
    case 'e':
    case 'E':
    case 'f':
    case 'g':
    case 'G':
      return formatCFloat(spec, conversion, checkNumber(args, arg));
    case 'q':
      return quoted(checkString(args, arg));
    case 's': {
      const s = checkString(args, arg);
      // without a precision, a string of 100 bytes or more is kept whole (width ignored)
      if (spec.precision === undefined && s.length >= 100) return s;
      return formatCString(spec, s);
    }
    default: {
      const shown = conversion === '\0' ? '' : conversion;
      throw new LuaRuntimeError(`invalid option '%${shown}' to 'format'`);
    }
  }
}
