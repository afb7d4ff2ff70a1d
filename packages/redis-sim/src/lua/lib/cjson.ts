/**
 * Lua CJSON 2.1.0 as Redis 7.0.15 bundles it (lua_cjson.c, fpconv.c): encode
 * and decode, the configuration functions, `cjson.null` and `cjson.new`.
 * Objects are written in `next` order (so key order follows the table layout
 * of values.ts), numbers with `%.<precision>g` (14 by default), `/` and
 * control bytes escaped; decoding reads bytes as they come (no UTF-8 check),
 * numbers with C's strtod, and stops at a NUL byte as the C string does.
 */
import { formatG } from '../../format-double.ts';
import { strtod } from '../../strtod.ts';
import { chargeHeap, chargeWork } from '../interpreter/runtime.ts';
import {
  LUA_NULL,
  LuaArgError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  luaType,
  type LuaValue,
} from '../values.ts';
import { checkString, coerceToNumber, coerceToString, toInteger, typeError } from './lua-args.ts';

/** One cjson instance's settings (`json_config_t`); `cjson.new()` makes a fresh one. */
interface Config {
  sparseConvert: number;
  sparseRatio: number;
  sparseSafe: number;
  encodeMaxDepth: number;
  decodeMaxDepth: number;
  /** 0 refuse, 1 write nan/inf, 2 write null. */
  encodeInvalidNumbers: number;
  decodeInvalidNumbers: number;
  keepBuffer: number;
  precision: number;
}

const INT_MAX = 0x7fffffff;

function defaults(): Config {
  return {
    sparseConvert: 0,
    sparseRatio: 2,
    sparseSafe: 10,
    encodeMaxDepth: 1000,
    decodeMaxDepth: 1000,
    encodeInvalidNumbers: 0,
    decodeInvalidNumbers: 1,
    keepBuffer: 1,
    precision: 14,
  };
}

/* ===== configuration ===== */

/** `json_arg_init`: at most `n` arguments. */
function argInit(args: LuaValue[], n: number): void {
  if (args.length > n) throw new LuaArgError(n + 1, 'found too many arguments');
}

/** `json_integer_option`: a C int in [min, max] (the error always names argument 1, as the C code does). */
function integerOption(args: LuaValue[], i: number, min: number, max: number, get: () => number, set: (v: number) => void): LuaValue {
  if (args[i - 1] !== undefined) {
    const d = coerceToNumber(args[i - 1]);
    if (d === undefined) throw typeError(args, i, 'number');
    // `int value = luaL_checkinteger(...)` keeps the low 32 bits
    const value = Number(BigInt.asIntN(32, toInteger(d)));
    if (!(min <= value && value <= max)) {
      throw new LuaArgError(1, `expected integer between ${min} and ${max}`);
    }
    set(value);
  }
  return get();
} // prettier-ignore

/** `json_enum_option` with `bool_true` = 1: a boolean or one of the option names. */
function enumOption(args: LuaValue[], i: number, options: string[], get: () => number, set: (v: number) => void): LuaValue {
  const v = args[i - 1];
  if (v !== undefined) {
    if (typeof v === 'boolean') set(v ? 1 : 0);
    else {
      const name = coerceToString(v);
      if (name === undefined) throw typeError(args, i, 'string');
      const at = options.indexOf(name);
      if (at < 0) throw new LuaArgError(i, `invalid option '${name}'`);
      set(at);
    }
  }
  const s = get();
  return s === 0 || s === 1 ? s === 1 : options[s];
} // prettier-ignore

const ON_OFF = ['off', 'on'];

/* ===== encoding ===== */

/** `char2escape`: what each byte becomes inside a JSON string (undefined: itself). */
const ESCAPES: Array<string | undefined> = Array.from({ length: 256 }, (_, c) => {
  const named: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r', 34: '\\"', 47: '\\/', 92: '\\\\' };
  if (named[c] !== undefined) return named[c];
  if (c < 32 || c === 127) return `\\u${c.toString(16).padStart(4, '0')}`;
  return undefined;
}); // prettier-ignore

function appendString(out: string[], s: string): void {
  let plain = true;
  for (let i = 0; i < s.length && plain; i++) if (ESCAPES[s.charCodeAt(i)] !== undefined) plain = false;
  if (plain) {
    out.push('"', s, '"');
    return;
  }
  let r = '"';
  for (let i = 0; i < s.length; i++) r += ESCAPES[s.charCodeAt(i)] ?? s[i];
  out.push(r, '"');
} // prettier-ignore

/** "Cannot serialise <type>: <reason>" (`json_encode_exception`). */
function encodeError(v: LuaValue, reason: string): LuaRuntimeError {
  return new LuaRuntimeError(`Cannot serialise ${luaType(v)}: ${reason}`);
}

function appendNumber(cfg: Config, out: string[], num: number): void {
  const invalid = !Number.isFinite(num);
  if (cfg.encodeInvalidNumbers === 0) {
    if (invalid) throw encodeError(num, 'must not be NaN or Inf');
  } else if (cfg.encodeInvalidNumbers === 1) {
    if (Number.isNaN(num)) {
      out.push('nan');
      return;
    }
  } else if (invalid) {
    out.push('null');
    return;
  }
  out.push(formatG(num, cfg.precision));
}

/** `(int)d` on x86-64: out of range (or NaN) gives INT_MIN. */
function cIntCast(d: number): number {
  return d >= -2147483648 && d < 2147483648 ? Math.trunc(d) : -2147483648;
}

/** `lua_array_length`: the largest index of a pure array (-1 for an object), with the sparse rules. */
function arrayLength(cfg: Config, t: LuaTable): number {
  let max = 0;
  let items = 0;
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    const k = e[0];
    if (typeof k === 'number' && k !== 0 && Math.floor(k) === k && k >= 1) {
      if (k > max) max = cIntCast(k);
      items++;
      continue;
    }
    return -1;
  }
  if (cfg.sparseRatio > 0 && max > Math.imul(items, cfg.sparseRatio) && max > cfg.sparseSafe) {
    if (!cfg.sparseConvert) throw encodeError(t, 'excessively sparse array');
    return -1;
  }
  return max;
}

function appendData(cfg: Config, out: string[], v: LuaValue, depth: number): void {
  if (typeof v === 'string') appendString(out, v);
  else if (typeof v === 'number') appendNumber(cfg, out, v);
  else if (typeof v === 'boolean') out.push(v ? 'true' : 'false');
  else if (v === undefined || v === LUA_NULL) out.push('null');
  else if (v instanceof LuaTable) {
    const d = depth + 1;
    if (d > cfg.encodeMaxDepth) throw new LuaRuntimeError(`Cannot serialise, excessive nesting (${d})`);
    const len = arrayLength(cfg, v);
    if (len > 0) {
      out.push('[');
      for (let i = 1; i <= len; i++) {
        if (i > 1) out.push(',');
        appendData(cfg, out, v.get(i), d);
      }
      out.push(']');
    } else {
      out.push('{');
      let comma = false;
      for (let e = v.next(undefined); e; e = v.next(e[0])) {
        if (comma) out.push(',');
        comma = true;
        const k = e[0];
        if (typeof k === 'number') {
          out.push('"');
          appendNumber(cfg, out, k);
          out.push('":');
        } else if (typeof k === 'string') {
          appendString(out, k);
          out.push(':');
        } else {
          throw encodeError(k, 'table key must be a number or string');
        }
        appendData(cfg, out, e[1], d);
      }
      out.push('}');
    }
  } else throw encodeError(v, 'type not supported');
} // prettier-ignore

function encode(cfg: Config, args: LuaValue[]): LuaValue[] {
  if (args.length !== 1) throw new LuaArgError(1, 'expected 1 argument');
  const out: string[] = [];
  appendData(cfg, out, args[0], 0);
  const text = out.join('');
  chargeHeap(text.length);
  // a piece per value, key and separator: the encoder's steps
  chargeWork(out.length);
  return [text];
}

/* ===== decoding ===== */

type TokenType =
  | 'T_OBJ_BEGIN'
  | 'T_OBJ_END'
  | 'T_ARR_BEGIN'
  | 'T_ARR_END'
  | 'T_STRING'
  | 'T_NUMBER'
  | 'T_BOOLEAN'
  | 'T_NULL'
  | 'T_COLON'
  | 'T_COMMA'
  | 'T_END'
  | 'T_ERROR';

interface Token {
  type: TokenType;
  /** 0-based offset where the token (or the error) starts. */
  index: number;
  value?: LuaValue;
  /** For T_ERROR: what went wrong. */
  error?: string;
}

const SINGLE: Record<string, TokenType> = {
  '{': 'T_OBJ_BEGIN',
  '}': 'T_OBJ_END',
  '[': 'T_ARR_BEGIN',
  ']': 'T_ARR_END',
  ',': 'T_COMMA',
  ':': 'T_COLON',
};

const ESCAPE_CHARS: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', t: '\t', n: '\n', f: '\f', r: '\r' }; // prettier-ignore

function hexDigit(c: string): number {
  const code = c.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** The JSON text as the C parser sees it: a NUL-terminated string. */
class Parser {
  pos = 0;
  depth = 0;
  constructor(
    readonly data: string,
    readonly cfg: Config,
  ) {}

  at(i: number): string {
    return i < this.data.length ? this.data[i]! : '\0';
  }

  /** `decode_hex4` at offset i, or -1. */
  hex4(i: number): number {
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const d = hexDigit(this.at(i + k));
      if (d < 0) return -1;
      v = v * 16 + d;
    }
    return v;
  }

  error(t: Token, message: string): Token {
    t.type = 'T_ERROR';
    t.index = this.pos;
    t.error = message;
    return t;
  }

  /** `json_append_unicode_escape`: the UTF-8 bytes of \uXXXX (or a surrogate pair), or undefined. */
  unicodeEscape(): string | undefined {
    let cp = this.hex4(this.pos + 2);
    if (cp < 0) return undefined;
    let len = 6;
    if ((cp & 0xf800) === 0xd800) {
      if (cp & 0x400) return undefined;
      if (this.at(this.pos + 6) !== '\\' || this.at(this.pos + 7) !== 'u') return undefined;
      const low = this.hex4(this.pos + 8);
      if (low < 0 || (low & 0xfc00) !== 0xdc00) return undefined;
      cp = (((cp & 0x3ff) << 10) | (low & 0x3ff)) + 0x10000;
      len = 12;
    }
    this.pos += len;
    const b = String.fromCharCode;
    if (cp <= 0x7f) return b(cp);
    if (cp <= 0x7ff) return b((cp >> 6) | 0xc0, (cp & 0x3f) | 0x80);
    if (cp <= 0xffff) return b((cp >> 12) | 0xe0, ((cp >> 6) & 0x3f) | 0x80, (cp & 0x3f) | 0x80);
    return b((cp >> 18) | 0xf0, ((cp >> 12) & 0x3f) | 0x80, ((cp >> 6) & 0x3f) | 0x80, (cp & 0x3f) | 0x80); // prettier-ignore
  }

  stringToken(t: Token): Token {
    this.pos++;
    const parts: string[] = [];
    let start = this.pos;
    for (;;) {
      const ch = this.at(this.pos);
      if (ch === '"') break;
      if (ch === '\0') return this.error(t, 'unexpected end of string');
      if (ch !== '\\') {
        this.pos++;
        continue;
      }
      parts.push(this.data.slice(start, this.pos));
      const esc = this.at(this.pos + 1);
      if (esc === 'u') {
        const bytes = this.unicodeEscape();
        if (bytes === undefined) return this.error(t, 'invalid unicode escape code');
        parts.push(bytes);
      } else {
        const c = ESCAPE_CHARS[esc];
        if (c === undefined) return this.error(t, 'invalid escape code');
        parts.push(c);
        this.pos += 2;
      }
      start = this.pos;
    }
    parts.push(this.data.slice(start, this.pos));
    this.pos++;
    t.type = 'T_STRING';
    t.value = parts.join('');
    return t;
  }

  /** `json_is_invalid_number`: forms strtod reads but strict JSON refuses. */
  isInvalidNumber(): boolean {
    let p = this.pos;
    if (this.at(p) === '+') return true;
    if (this.at(p) === '-') p++;
    const c = this.at(p);
    if (c === '0') {
      const c2 = this.at(p + 1);
      return (c2.charCodeAt(0) | 0x20) === 0x78 || (c2 >= '0' && c2 <= '9');
    }
    if (c <= '9') return false;
    const three = this.data.slice(p, p + 3).toLowerCase();
    return three === 'inf' || three === 'nan';
  }

  /** Where the C string ends: the first NUL at or after `pos` (found once per NUL, not per number). */
  private nul = -2;

  numberToken(t: Token): Token {
    if (this.nul !== -1 && this.nul < this.pos) this.nul = this.data.indexOf('\0', this.pos);
    const r = strtod(this.data.slice(this.pos, this.nul < 0 ? undefined : this.nul));
    if (r.end === 0) return this.error(t, 'invalid number');
    this.pos += r.end;
    t.type = 'T_NUMBER';
    t.value = r.value;
    return t;
  }

  next(): Token {
    // every token is a step of the decoder's work, whatever its length
    chargeWork(1);
    for (;;) {
      const c = this.at(this.pos);
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') break;
      this.pos++;
    }
    const t: Token = { type: 'T_END', index: this.pos };
    const ch = this.at(this.pos);
    if (ch === '\0') return t;
    const single = SINGLE[ch];
    if (single !== undefined) {
      this.pos++;
      t.type = single;
      return t;
    }
    if (!'fiInNt"+-0123456789'.includes(ch)) return this.error(t, 'invalid token');
    if (ch === '"') return this.stringToken(t);
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      if (!this.cfg.decodeInvalidNumbers && this.isInvalidNumber()) {
        return this.error(t, 'invalid number');
      }
      return this.numberToken(t);
    }
    for (const [word, type, value] of WORDS) {
      if (this.data.startsWith(word, this.pos)) {
        this.pos += word.length;
        t.type = type;
        t.value = value;
        return t;
      }
    }
    if (this.cfg.decodeInvalidNumbers && this.isInvalidNumber()) return this.numberToken(t);
    return this.error(t, 'invalid token');
  }

  fail(expected: string, t: Token): never {
    const found = t.type === 'T_ERROR' ? t.error : t.type;
    throw new LuaRuntimeError(
      `Expected ${expected} but found ${found} at character ${t.index + 1}`,
    );
  }

  descend(): void {
    this.depth++;
    if (this.depth > this.cfg.decodeMaxDepth) {
      throw new LuaRuntimeError(
        `Found too many nested data structures (${this.depth}) at character ${this.pos}`,
      );
    }
  }

  object(): LuaTable {
    this.descend();
    const t = new LuaTable();
    let tok = this.next();
    if (tok.type === 'T_OBJ_END') {
      this.depth--;
      return t;
    }
    for (;;) {
      if (tok.type !== 'T_STRING') this.fail('object key string', tok);
      const key = tok.value;
      tok = this.next();
      if (tok.type !== 'T_COLON') this.fail('colon', tok);
      t.set(key, this.value(this.next()));
      tok = this.next();
      if (tok.type === 'T_OBJ_END') {
        this.depth--;
        return t;
      }
      if (tok.type !== 'T_COMMA') this.fail('comma or object end', tok);
      tok = this.next();
    }
  }

  array(): LuaTable {
    this.descend();
    const t = new LuaTable();
    let tok = this.next();
    if (tok.type === 'T_ARR_END') {
      this.depth--;
      return t;
    }
    for (let i = 1; ; i++) {
      t.set(i, this.value(tok));
      tok = this.next();
      if (tok.type === 'T_ARR_END') {
        this.depth--;
        return t;
      }
      if (tok.type !== 'T_COMMA') this.fail('comma or array end', tok);
      tok = this.next();
    }
  }

  value(t: Token): LuaValue {
    switch (t.type) {
      case 'T_STRING':
      case 'T_NUMBER':
      case 'T_BOOLEAN':
      case 'T_NULL':
        return t.value;
      case 'T_OBJ_BEGIN':
        return this.object();
      case 'T_ARR_BEGIN':
        return this.array();
      default:
        return this.fail('value', t);
    }
  }
}

const WORDS: Array<[string, TokenType, LuaValue]> = [
  ['true', 'T_BOOLEAN', true],
  ['false', 'T_BOOLEAN', false],
  ['null', 'T_NULL', LUA_NULL],
];

function decode(cfg: Config, args: LuaValue[]): LuaValue[] {
  if (args.length !== 1) throw new LuaArgError(1, 'expected 1 argument');
  const data = checkString(args, 1);
  if (data.length >= 2 && (data[0] === '\0' || data[1] === '\0')) {
    throw new LuaRuntimeError('JSON parser does not support UTF-16 or UTF-32');
  }
  // the values it makes are about as large as the text, and the scan is as long
  chargeHeap(data.length);
  const p = new Parser(data, cfg);
  const v = p.value(p.next());
  const end = p.next();
  if (end.type !== 'T_END') p.fail('the end', end);
  return [v];
}

/* ===== the module ===== */

/**
 * The `cjson` module table as `lua_cjson_new` builds it: a plain table (not
 * presized), the functions sharing one configuration, then `null`, `_NAME`
 * and `_VERSION`, set in that order.
 */
export function createCjsonLib(): LuaTable {
  const cfg = defaults();
  const t = new LuaTable();
  const fn = (name: string, call: (args: LuaValue[]) => LuaValue[]) =>
    t.set(name, new LuaFunction(name, call));
  const num = (key: 'encodeMaxDepth' | 'decodeMaxDepth' | 'precision', max: number, min = 1) =>
    (args: LuaValue[]): LuaValue[] => {
      argInit(args, 1);
      return [integerOption(args, 1, min, max, () => cfg[key], (v) => (cfg[key] = v))];
    }; // prettier-ignore
  const flag = (key: 'keepBuffer' | 'encodeInvalidNumbers' | 'decodeInvalidNumbers', options: string[]) =>
    (args: LuaValue[]): LuaValue[] => {
      argInit(args, 1);
      return [enumOption(args, 1, options, () => cfg[key], (v) => (cfg[key] = v))];
    }; // prettier-ignore
  fn('encode', (args) => encode(cfg, args));
  fn('decode', (args) => decode(cfg, args));
  fn('encode_sparse_array', (args) => {
    argInit(args, 3);
    return [
      enumOption(args, 1, ON_OFF, () => cfg.sparseConvert, (v) => (cfg.sparseConvert = v)),
      integerOption(args, 2, 0, INT_MAX, () => cfg.sparseRatio, (v) => (cfg.sparseRatio = v)),
      integerOption(args, 3, 0, INT_MAX, () => cfg.sparseSafe, (v) => (cfg.sparseSafe = v)),
    ];
  }); // prettier-ignore
  fn('encode_max_depth', num('encodeMaxDepth', INT_MAX));
  fn('decode_max_depth', num('decodeMaxDepth', INT_MAX));
  fn('encode_number_precision', num('precision', 14));
  fn('encode_keep_buffer', flag('keepBuffer', ON_OFF));
  fn('encode_invalid_numbers', flag('encodeInvalidNumbers', ['off', 'on', 'null']));
  fn('decode_invalid_numbers', flag('decodeInvalidNumbers', ON_OFF));
  fn('new', () => [createCjsonLib()]);
  t.set('null', LUA_NULL);
  t.set('_NAME', 'cjson');
  t.set('_VERSION', '2.1.0');
  return t;
}
