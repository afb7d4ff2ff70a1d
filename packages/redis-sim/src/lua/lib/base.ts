/**
 * Lua 5.1's base library as Redis 7.0 loads it: without print, dofile,
 * loadfile, getfenv/setfenv, module/require and newproxy (the real server has
 * none of these globals), with loadstring and load kept.
 */
import { chargeWork } from '../interpreter/runtime.ts';
import { formatLuaNumber } from '../number-text.ts';
import {
  LuaArgError,
  LuaError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  luaType,
  type LuaHost,
  type LuaValue,
} from '../values.ts';
import { checkInt, checkTable, optInt, typeError } from './lua-args.ts';
import { luaToNumberWithBase } from './tonumber.ts';

/** What the base library needs beyond the host: positions, protected calls, chunks. */
export interface BaseRuntime {
  /** `user_script:N: ` for error level `level` (1: the caller of error), '' when there is none. */
  where(level: number): string;
  /**
   * Calls `f` catching Lua errors: [true, ...results] or [false, value]; `handler` is
   * {@link PCALL} for pcall, else xpcall's handler (any value: a non-function fails).
   */
  protectedCall(f: LuaValue, args: LuaValue[], handler: LuaValue | typeof PCALL): LuaValue[];
  /** The value a caught error has once the error function in force handled it (load's reader). */
  handled(e: unknown): LuaValue;
  /** Compiles a chunk (loadstring): the function, or the syntax error message. */
  load(source: string, chunkName: string): LuaFunction | string;
  /** The string metatable, for getmetatable(''). */
  stringMeta(): LuaTable | null;
}

/** protectedCall's handler for pcall, which calls no error function. */
export const PCALL: unique symbol = Symbol('pcall');

/** `luaL_checkany`: argument n (1-based) must be present, nil included. */
function checkAny(args: LuaValue[], n: number): void {
  if (n > args.length) throw new LuaArgError(n, 'value expected');
}

const fn = (name: string, call: (args: LuaValue[]) => LuaValue[]) => new LuaFunction(name, call);

const addresses = new WeakMap<object, string>();
let nextAddress = 0x55d0c0a01000;

/** A stable fake address for a table or function, as `%p` prints one. */
export function addressOf(v: object): string {
  let a = addresses.get(v);
  if (!a) {
    a = `0x${nextAddress.toString(16)}`;
    nextAddress += 0x40;
    addresses.set(v, a);
  }
  return a;
}

/** Lua's tostring, honouring __tostring. */
export function luaToString(host: LuaHost, v: LuaValue): string {
  if (v instanceof LuaTable && v.metatable) {
    const h = v.metatable.get('__tostring');
    if (h !== undefined) {
      const r = host.call(h, [v])[0];
      if (typeof r === 'number') return formatLuaNumber(r);
      if (typeof r !== 'string') throw new LuaRuntimeError("'tostring' must return a string");
      return r;
    }
  }
  switch (luaType(v)) {
    case 'nil':
      return 'nil';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'number':
      return formatLuaNumber(v as number);
    case 'string':
      return v as string;
    case 'table':
      return `table: ${addressOf(v as object)}`;
    case 'thread':
      return `thread: ${addressOf(v as object)}`;
    default:
      return `function: ${addressOf(v as object)}`;
  }
}

/** Builds the base library's functions into `g`. */
export function installBaseLib(g: LuaTable, host: LuaHost, rt: BaseRuntime): void {
  const set = (name: string, call: (args: LuaValue[]) => LuaValue[]) => g.set(name, fn(name, call));

  set('assert', (args) => {
    if (args[0] === undefined || args[0] === false) {
      checkAny(args, 1);
      // luaL_error: the message gets the caller's position
      const msg = args[1] === undefined ? 'assertion failed!' : args[1];
      if (typeof msg !== 'string' && typeof msg !== 'number') throw typeError(args, 2, 'string');
      throw new LuaRuntimeError(typeof msg === 'number' ? formatLuaNumber(msg) : msg);
    }
    return args;
  });
  set('error', (args) => {
    const level = optInt(args, 2, 1);
    let v = args[0];
    if ((typeof v === 'string' || typeof v === 'number') && level > 0) {
      v = rt.where(level) + (typeof v === 'number' ? formatLuaNumber(v) : v);
    }
    throw new LuaError(v);
  });
  // Redis 7.0 replaces pcall (luaRedisPcall): an error table with a string `err` is
  // answered as that string, and with no arguments it calls its own `true` placeholder
  set('pcall', (args) => {
    if (args.length === 0) return [false, 'attempt to call a boolean value'];
    const r = rt.protectedCall(args[0], args.slice(1), PCALL);
    if (r[0] === false && r[1] instanceof LuaTable) {
      const err = r[1].get('err');
      if (typeof err === 'string') return [false, err];
    }
    return r;
  });
  set('xpcall', (args) => {
    checkAny(args, 2);
    return rt.protectedCall(args[0], [], args[1]);
  });
  set('select', (args) => {
    const n = args[0];
    if (n === '#') return [args.length - 1];
    let i = checkInt(args, 1);
    if (i < 0) i = args.length + i;
    else if (i > args.length - 1) i = args.length;
    if (i <= 0) throw new LuaArgError(1, 'index out of range');
    return args.slice(i);
  });
  set('unpack', (args) => {
    const t = checkTable(args, 1);
    const i = optInt(args, 2, 1);
    const j = args[2] === undefined ? t.length() : checkInt(args, 3);
    if (i > j) return [];
    const n = j - i + 1;
    if (n >= 8000 || !Number.isFinite(n)) throw new LuaRuntimeError('too many results to unpack');
    // every value is read and pushed: a loop of unpacks of thousands is work, a step a value
    chargeWork(n);
    const out: LuaValue[] = [];
    for (let k = i; k <= j; k++) out.push(t.get(k));
    return out;
  });
  set('tostring', (args) => {
    checkAny(args, 1);
    const v = args[0];
    // luaL_callmeta: whatever __tostring answers is tostring's result, a number or nil too
    const h = v instanceof LuaTable ? v.metatable?.get('__tostring') : undefined;
    if (h !== undefined) return [host.call(h, [v])[0]];
    return [luaToString(host, v)];
  });
  set('tonumber', (args) => [luaToNumberWithBase(args)]);
  set('type', (args) => {
    checkAny(args, 1);
    return [luaType(args[0])];
  });
  const next = fn('next', (args) => {
    const t = checkTable(args, 1);
    const e = t.next(args[1]);
    return e ? [e[0], e[1]] : [undefined];
  });
  g.set('next', next);
  set('pairs', (args) => [next, checkTable(args, 1), undefined]);
  const inext = fn('?', (args) => {
    const t = checkTable(args, 1);
    const i = (args[1] as number) + 1;
    const v = t.get(i);
    return v === undefined ? [undefined] : [i, v];
  });
  set('ipairs', (args) => [inext, checkTable(args, 1), 0]);
  set('rawget', (args) => {
    const t = checkTable(args, 1);
    checkAny(args, 2);
    return [t.get(args[1])];
  });
  set('rawset', (args) => {
    const t = checkTable(args, 1);
    checkAny(args, 2);
    checkAny(args, 3);
    if (t.readonly) throw new LuaError('Attempt to modify a readonly table');
    t.set(args[1], args[2]);
    return [t];
  });
  set('rawequal', (args) => {
    checkAny(args, 1);
    checkAny(args, 2);
    return [args[0] === args[1]];
  });
  set('setmetatable', (args) => {
    const t = checkTable(args, 1);
    const mt = args[1];
    if (mt !== undefined && !(mt instanceof LuaTable)) {
      throw new LuaArgError(2, 'nil or table expected');
    }
    if (t.metatable && t.metatable.get('__metatable') !== undefined) {
      throw new LuaRuntimeError('cannot change a protected metatable');
    }
    if (t.readonly) throw new LuaError('Attempt to modify a readonly table');
    t.metatable = mt ?? null;
    return [t];
  });
  set('getmetatable', (args) => {
    checkAny(args, 1);
    const v = args[0];
    const mt = v instanceof LuaTable ? v.metatable : typeof v === 'string' ? rt.stringMeta() : null;
    if (!mt) return [undefined];
    const protectedMt = mt.get('__metatable');
    return [protectedMt !== undefined ? protectedMt : mt];
  });
  set('gcinfo', () => [24]);
  set('collectgarbage', (args) => {
    const opt = args[0] === undefined ? 'collect' : args[0];
    const opts = ['stop', 'restart', 'collect', 'count', 'step', 'setpause', 'setstepmul'];
    if (typeof opt !== 'string' || !opts.includes(opt)) {
      throw new LuaArgError(1, `invalid option '${luaToString(host, opt)}'`);
    }
    if (opt === 'count') return [24.5];
    if (opt === 'step') return [false];
    return [0];
  });
  set('loadstring', (args) => {
    const s = args[0];
    if (typeof s !== 'string' && typeof s !== 'number') throw typeError(args, 1, 'string');
    const text = typeof s === 'number' ? formatLuaNumber(s) : s;
    const name = typeof args[1] === 'string' ? args[1] : text;
    const r = rt.load(text, name);
    return typeof r === 'string' ? [undefined, r] : [r];
  });
  set('load', (args) => {
    // load(f): the pieces come from calling f until it answers nil or ''; the parser runs
    // protected (luaD_protectedparser), so an error the reader raises is answered, not
    // raised, as the error function in force (Redis's own at a script's top) made it
    const f = args[0];
    if (!(f instanceof LuaFunction)) throw typeError(args, 1, 'function');
    let text = '';
    try {
      for (;;) {
        const piece = host.call(f, [])[0];
        if (piece === undefined || piece === '') break;
        if (typeof piece === 'number') text += formatLuaNumber(piece);
        else if (typeof piece === 'string') text += piece;
        // luaL_error in the reader: positioned at load's caller
        else throw new LuaError(`${rt.where(1)}reader function must return a string`);
      }
    } catch (e) {
      return [undefined, rt.handled(e)];
    }
    const r = rt.load(text, typeof args[1] === 'string' ? args[1] : '=(load)');
    return typeof r === 'string' ? [undefined, r] : [r];
  });
  g.set('_G', g);
  g.set('_VERSION', 'Lua 5.1');
}
