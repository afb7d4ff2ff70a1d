/**
 * The values of the Lua 5.1 engine, shared by the interpreter and the
 * libraries. Kept tiny on purpose: every other module of the engine depends on
 * this one and it depends on nothing.
 *
 * Representation:
 * - nil is `undefined`, booleans and numbers (always doubles, as in Lua 5.1)
 *   are the JS primitives;
 * - a Lua string is a JS string holding one byte per character (codes 0–255),
 *   so `#s`, `string.byte` and patterns see bytes as a real server does;
 *   {@link toLuaString} and {@link fromLuaString} convert at the edge where
 *   the simulator's Unicode text meets the engine;
 * - tables are {@link LuaTable}, functions {@link LuaFunction}.
 */

/** Any Lua value. `undefined` is nil. */
export type LuaValue = undefined | boolean | number | string | LuaTable | LuaFunction;

/**
 * A function callable from Lua: a library builtin or a compiled Lua closure.
 * `call` takes the arguments and answers the results (a builtin may answer
 * any number of values, as a Lua function may).
 */
export class LuaFunction {
  constructor(
    /** The name Lua 5.1 shows in messages, e.g. `tonumber` ('?' when unknown). */
    readonly name: string,
    readonly call: (args: LuaValue[]) => LuaValue[],
  ) {}
}

/**
 * A value raised by `error` or by the runtime. `value` is what `pcall`
 * answers as its second result; for runtime errors it is the message string
 * with its `user_script:N: ` position already in front.
 */
export class LuaError extends Error {
  constructor(
    readonly value: LuaValue,
    /** Lua 5.1 level: 0 when the message already carries (or wants no) position. */
    readonly traceback?: string,
  ) {
    super(typeof value === 'string' ? value : 'error object is not a string');
  }
}

/**
 * Thrown by a builtin (or a table operation) for a runtime error whose message
 * has no position yet, e.g. "invalid value (at index 1) in table for 'concat'".
 * The interpreter puts `user_script:N: ` in front, N being the line of the
 * call or operation in the running script, as luaL_error's level 1 does, and
 * raises it as a {@link LuaError}.
 */
export class LuaRuntimeError extends Error {}

/**
 * Thrown by a builtin for a bad argument. The interpreter words it as Lua 5.1
 * does from the call site: "bad argument #2 to 'sub' (number expected, got
 * nil)", with the name the caller used ('?' when it has none) and, for a
 * method call, the argument number shifted ("calling 'x' on bad self" for the
 * receiver); then it adds the position as for {@link LuaRuntimeError}.
 */
export class LuaArgError extends Error {
  constructor(
    /** 1-based argument number as the builtin sees its arguments. */
    readonly arg: number,
    /** The text inside the parentheses, e.g. "number expected, got no value". */
    readonly detail: string,
  ) {
    super(`bad argument #${arg} (${detail})`);
  }
}

/**
 * What a library needs from the interpreter, handed to each library when the
 * environment is built (so libraries never import the interpreter, and can be
 * unit-tested with a small stand-in). Every method behaves exactly as the
 * matching Lua 5.1 operation, metamethods and error wording included, and
 * raises {@link LuaError} / {@link LuaRuntimeError} as the operation would.
 */
export interface LuaHost {
  /** `a < b` (numbers, strings byte-wise, else `__lt`; "attempt to compare …" otherwise). */
  lessThan(a: LuaValue, b: LuaValue): boolean;
  /** `a == b` (raw equality, then `__eq` for two tables). */
  equals(a: LuaValue, b: LuaValue): boolean;
  /** Lua's `tostring(v)`, honouring `__tostring`. */
  tostring(v: LuaValue): string;
  /** Calls a value (a function, or a table with `__call`) and answers all its results. */
  call(f: LuaValue, args: LuaValue[]): LuaValue[];
  /** `t[k]` with `__index`. */
  index(t: LuaValue, k: LuaValue): LuaValue;
  /** `t[k] = v` with `__newindex` and the read-only check. */
  setIndex(t: LuaValue, k: LuaValue, v: LuaValue): void;
}

/**
 * A Lua table. The public surface is what the interpreter and libraries need;
 * the storage behind it may change (an exact emulation of Lua 5.1's array and
 * hash parts, so `next`/`pairs` order and `#` with holes match a real server).
 */
export class LuaTable {
  /** The metatable (`setmetatable`), or null. */
  metatable: LuaTable | null = null;
  /** Redis 7.0 marks some tables read-only: writing one raises "Attempt to modify a readonly table". */
  readonly = false;

  private readonly hash = new Map<LuaValue, LuaValue>();
  private readonly order: LuaValue[] = [];

  /** Raw get (no metamethods). */
  get(key: LuaValue): LuaValue {
    return this.hash.get(normalizeKey(key));
  }

  /**
   * Raw set (no metamethods, no read-only check). Throws a LuaError for a nil
   * or NaN key with Lua 5.1's words; the caller adds the position.
   */
  set(key: LuaValue, value: LuaValue): void {
    if (key === undefined) throw new LuaError('table index is nil');
    if (typeof key === 'number' && Number.isNaN(key)) throw new LuaError('table index is NaN');
    const k = normalizeKey(key);
    if (value === undefined) {
      this.hash.delete(k);
      return;
    }
    if (!this.hash.has(k)) this.order.push(k);
    this.hash.set(k, value);
  }

  /** The `#` operator: a border (t[n] ~= nil and t[n+1] == nil), as Lua 5.1 finds it. */
  length(): number {
    let n = 0;
    while (this.hash.get(n + 1) !== undefined) n++;
    return n;
  }

  /**
   * `next(t, key)`: the entry after `key` (the first for nil), or undefined at
   * the end. Throws "invalid key to 'next'" for a key not in the table.
   */
  next(key: LuaValue): [LuaValue, LuaValue] | undefined {
    let start = 0;
    if (key !== undefined) {
      const k = normalizeKey(key);
      const at = this.order.indexOf(k);
      if (at < 0) throw new LuaError("invalid key to 'next'");
      start = at + 1;
    }
    for (let i = start; i < this.order.length; i++) {
      const k = this.order[i];
      const v = this.hash.get(k);
      if (v !== undefined) return [k, v];
    }
    return undefined;
  }
}

/** -0 and 0 are one key in Lua; Map already treats them alike, so this is the identity. */
function normalizeKey(key: LuaValue): LuaValue {
  return key;
}

/** The simulator's text (Unicode) as a Lua byte string (its UTF-8, one char per byte). */
export function toLuaString(text: string): string {
  // ASCII is by far the common case and needs no work
  if (isAscii(text)) return text;
  let out = '';
  for (const b of new TextEncoder().encode(text)) out += String.fromCharCode(b);
  return out;
}

/** A Lua byte string back as the simulator's text, decoding its bytes as UTF-8. */
export function fromLuaString(bytes: string): string {
  if (isAscii(bytes)) return bytes;
  const arr = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) arr[i] = bytes.charCodeAt(i);
  return new TextDecoder().decode(arr);
}

/** True when every char is below 0x80 (UTF-8 and byte strings agree there). */
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Lua's `type()` name of a value. */
export function luaType(
  v: LuaValue,
): 'nil' | 'boolean' | 'number' | 'string' | 'table' | 'function' {
  if (v === undefined) return 'nil';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  if (v instanceof LuaTable) return 'table';
  return 'function';
}
