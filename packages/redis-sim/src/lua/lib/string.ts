/**
 * Lua 5.1's string library (lstrlib.c) as Redis 7.0.15 loads it: the fifteen
 * names its `string` table holds (`gfind` is `gmatch` under its old name,
 * since Redis builds Lua with LUA_COMPAT_GFIND). Strings are byte strings.
 */
import {
  LuaArgError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  luaType,
  type LuaHost,
  type LuaValue,
} from '../values.ts';
import { formatLuaNumber } from '../number-text.ts';
import {
  checkFunctionArg,
  checkInt,
  checkInteger,
  checkString,
  optInt,
  optInteger,
} from './lua-args.ts';
import { hasSpecials, LuaMatcher } from './lua-pattern.ts';
import { stringFormat } from './string-format.ts';
import { LuaMemoryError, chargeBytes, chargeHeap, chargeWork } from '../interpreter/runtime.ts';

/**
 * The simulator's cap on a string built by one call (rep, gsub, format…). A
 * real server grows a string until its allocator fails; the browser cannot
 * hold that much, so past this size the call raises Lua's own words for an
 * allocation failure.
 */
export const MAX_STRING_BYTES = 256 * 1024 * 1024;

/** lua_checkstack's limit on the values a C function may push (LUAI_MAXCSTACK). */
const MAX_C_STACK = 8000;

function tooBig(): LuaMemoryError {
  return new LuaMemoryError();
}

/** posrelat: a negative position counts back from the end; below the start it becomes 0. */
function relativePosition(pos: number, len: number): number {
  if (pos < 0) pos += len + 1;
  return pos >= 0 ? pos : 0;
}

function byteFn(args: LuaValue[]): LuaValue[] {
  const s = checkString(args, 1);
  const l = s.length;
  let posi = relativePosition(optInteger(args, 2, 1), l);
  let pose = relativePosition(optInteger(args, 3, posi), l);
  if (posi <= 0) posi = 1;
  if (pose > l) pose = l;
  if (posi > pose) return [];
  const n = pose - posi + 1;
  if (n + args.length > MAX_C_STACK) {
    throw new LuaRuntimeError('stack overflow (string slice too long)');
  }
  chargeWork(n);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(s.charCodeAt(posi + i - 1));
  return out;
}

function charFn(args: LuaValue[]): LuaValue[] {
  let out = '';
  for (let i = 1; i <= args.length; i++) {
    const c = checkInt(args, i);
    if ((c & 0xff) !== c) throw new LuaArgError(i, 'invalid value');
    out += String.fromCharCode(c);
  }
  return [out];
}

function dumpFn(args: LuaValue[]): LuaValue[] {
  checkFunctionArg(args, 1);
  // The engine runs a parse tree and has no Lua 5.1 bytecode to write; a real
  // server dumps Lua functions and says this only for C functions.
  throw new LuaRuntimeError('unable to dump given function');
}

function findAux(args: LuaValue[], find: boolean): LuaValue[] {
  const s = checkString(args, 1);
  const p = checkString(args, 2);
  const l1 = s.length;
  let init = relativePosition(optInteger(args, 3, 1), l1) - 1;
  if (init < 0) init = 0;
  else if (init > l1) init = l1;
  const plainFlag = args[3] !== undefined && args[3] !== false;
  if (find && (plainFlag || !hasSpecials(p))) {
    const at = s.indexOf(p, init);
    chargeBytes((at === -1 ? l1 : at + p.length) - init);
    if (at !== -1) return [at + 1, at + p.length];
    return [undefined];
  }
  const m = new LuaMatcher(s, p);
  const anchor = m.pattern.charCodeAt(0) === 94; // '^'
  const pStart = anchor ? 1 : 0;
  let s1 = init;
  do {
    m.level = 0;
    const e = m.match(s1, pStart);
    if (e !== -1) {
      if (find) return [s1 + 1, e, ...m.captures(s1, e, false)];
      return m.captures(s1, e, true);
    }
  } while (s1++ < l1 && !anchor);
  return [undefined];
}

function gmatchFn(args: LuaValue[]): LuaValue[] {
  const s = checkString(args, 1);
  const p = checkString(args, 2);
  let start = 0;
  const m = new LuaMatcher(s, p);
  const iterator = new LuaFunction('?', () => {
    // gmatch has no anchor: a leading '^' is an ordinary character here
    for (let src = start; src <= s.length; src++) {
      m.level = 0;
      const e = m.match(src, 0);
      if (e !== -1) {
        start = e === src ? e + 1 : e;
        return m.captures(src, e, true);
      }
    }
    return [];
  });
  return [iterator];
}

/** add_s: a replacement string with `%0`–`%9` and `%x` escapes. */
function addReplacementString(
  m: LuaMatcher,
  repl: string,
  s: number,
  e: number,
  out: string[],
): void {
  for (let i = 0; i < repl.length; i++) {
    const ch = repl[i] ?? '';
    if (ch !== '%') {
      out.push(ch);
      continue;
    }
    i++;
    // a '%' at the very end reads the C string's terminating NUL
    const next = i < repl.length ? (repl[i] ?? '\0') : '\0';
    const code = next.charCodeAt(0);
    if (code < 48 || code > 57) out.push(next);
    else if (next === '0') out.push(m.src.slice(s, e));
    else out.push(valueText(m.capture(code - 49, s, e)));
  }
}

function valueText(v: string | number): string {
  return typeof v === 'number' ? formatLuaNumber(v) : v;
}

function gsubFn(host: LuaHost, args: LuaValue[]): LuaValue[] {
  const src = checkString(args, 1);
  let p = checkString(args, 2);
  const repl = args[2];
  const tr = args.length < 3 ? 'no value' : luaType(repl);
  const maxS = optInt(args, 4, src.length + 1);
  const anchor = p.charCodeAt(0) === 94;
  if (anchor) p = p.slice(1);
  if (tr !== 'number' && tr !== 'string' && tr !== 'function' && tr !== 'table') {
    throw new LuaArgError(3, 'string/function/table expected');
  }
  const replText = typeof repl === 'number' ? formatLuaNumber(repl) : repl;
  const m = new LuaMatcher(src, p);
  const out: string[] = [];
  let size = 0;
  let at = 0;
  let n = 0;
  while (n < maxS) {
    m.level = 0;
    const e = m.match(at, 0);
    if (e !== -1) {
      n++;
      const before = out.length;
      addValue(host, m, replText, at, e, out);
      for (let i = before; i < out.length; i++) size += (out[i] ?? '').length;
      if (size > MAX_STRING_BYTES) throw tooBig();
    }
    if (e !== -1 && e > at) at = e;
    else if (at < src.length) {
      out.push(src[at] ?? '');
      size++;
      at++;
    } else break;
    if (anchor) break;
  }
  out.push(src.slice(at));
  chargeHeap(size + src.length - at);
  return [out.join(''), n];
}

/** add_value: one match's replacement, from a string, a table or a function. */
function addValue(
  host: LuaHost,
  m: LuaMatcher,
  repl: Exclude<LuaValue, number>,
  s: number,
  e: number,
  out: string[],
): void {
  if (typeof repl === 'string') {
    addReplacementString(m, repl, s, e, out);
    return;
  }
  let value: LuaValue;
  if (repl instanceof LuaTable) value = host.index(repl, m.capture(0, s, e));
  else value = host.call(repl, m.captures(s, e, true))[0];
  if (value === undefined || value === false) out.push(m.src.slice(s, e));
  else if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(formatLuaNumber(value));
  else throw new LuaRuntimeError(`invalid replacement value (a ${luaType(value)})`);
}

function subFn(args: LuaValue[]): LuaValue[] {
  const s = checkString(args, 1);
  const l = s.length;
  let start = relativePosition(checkInteger(args, 2), l);
  let end = relativePosition(optInteger(args, 3, -1), l);
  if (start < 1) start = 1;
  if (end > l) end = l;
  if (start > end) return [''];
  chargeHeap(end - start + 1);
  return [s.slice(start - 1, end)];
}

function repFn(args: LuaValue[]): LuaValue[] {
  const s = checkString(args, 1);
  const n = checkInt(args, 2);
  if (n <= 0 || s.length === 0) return [''];
  if (s.length * n > MAX_STRING_BYTES) throw tooBig();
  chargeHeap(s.length * n);
  return [s.repeat(n)];
}

const ASCII_LOWER = /[a-z]+/g;
const ASCII_UPPER = /[A-Z]+/g;

/**
 * C-locale toupper/tolower: only ASCII letters change (the byte string's other characters,
 * U+0080–U+00FF, are bytes a C locale leaves alone, so the runs of letters are all it maps).
 */
function mapAscii(s: string, upper: boolean): string {
  chargeHeap(s.length);
  return upper
    ? s.replace(ASCII_LOWER, (m) => m.toUpperCase())
    : s.replace(ASCII_UPPER, (m) => m.toLowerCase());
}

/** A string's bytes in reverse order. */
function reverse(s: string): string {
  chargeHeap(s.length);
  return s.split('').reverse().join('');
}

/** string.format's result, charged as the string it builds. */
function format(args: LuaValue[]): string {
  const out = stringFormat(args);
  chargeHeap(out.length);
  return out;
}

/**
 * The `string` table for one Lua environment. `host` lets gsub call a
 * replacement function and index a replacement table with metamethods.
 * The interpreter also makes it the `__index` of strings' metatable, so
 * `("x"):upper()` finds these functions.
 */
export function createStringLib(host: LuaHost): LuaTable {
  const lib = new LuaTable();
  const gmatch = new LuaFunction('gmatch', gmatchFn);
  const fns: [string, (args: LuaValue[]) => LuaValue[]][] = [
    ['byte', byteFn],
    ['char', charFn],
    ['dump', dumpFn],
    ['find', (args) => findAux(args, true)],
    ['format', (args) => [format(args)]],
    ['gsub', (args) => gsubFn(host, args)],
    ['len', (args) => [checkString(args, 1).length]],
    ['lower', (args) => [mapAscii(checkString(args, 1), false)]],
    ['match', (args) => findAux(args, false)],
    ['rep', repFn],
    ['reverse', (args) => [reverse(checkString(args, 1))]],
    ['sub', subFn],
    ['upper', (args) => [mapAscii(checkString(args, 1), true)]],
  ];
  for (const [name, call] of fns) lib.set(name, new LuaFunction(name, call));
  lib.set('gmatch', gmatch);
  lib.set('gfind', gmatch);
  return lib;
}
