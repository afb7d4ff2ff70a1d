/**
 * The interpreter as the libraries see it ({@link LuaHost}): Lua's operations
 * called from "C", so errors they raise carry no position, and a function they
 * call is called from a builtin (a '?' name in "bad argument" messages).
 */
import { PCALL, luaToString, type BaseRuntime } from '../lib/base.ts';
import { LuaError, LuaFunction, type LuaHost, type LuaValue } from '../values.ts';
import { loadChunk } from './chunk.ts';
import { fromBuiltin, where } from './errors.ts';
import * as op from './ops.ts';
import { REDIS_HANDLER, S, StepBudgetExceeded } from './runtime.ts';
import { ERROR_IN_ERROR_HANDLING, MAX_HANDLER_CALLS, redisHandled } from './error-handler.ts';

/**
 * Runs `body` as a builtin does: the running line is -1 (no position) until it returns. The
 * builtin is a frame of its own on the call stack (a C function's CallInfo), so error levels
 * count it: its caller's line goes on the call lines, and the Lua function it calls sees a
 * C caller (line -1).
 */
function fromC<T>(body: () => T): T {
  const rt = S.rt;
  const saved = rt.line;
  const lines = rt.callLines;
  lines.push(saved);
  rt.line = -1;
  try {
    return body();
  } catch (e) {
    // the line where it was raised, before the stack unwinds to the builtin's caller
    if (e instanceof LuaError && e.at === undefined) e.at = rt.line;
    throw e;
  } finally {
    lines.pop();
    rt.line = saved;
  }
}

/** The host the libraries call back into: the interpreter's comparisons, calls and errors. */
export const host: LuaHost = {
  lessThan: (a, b) => op.lessThan(-1, a, b),
  equals: (a, b) => a === b || op.equals(-1, a, b),
  tostring: (v) => luaToString(host, v),
  call: (f, args) => fromC(() => op.callThroughC(-1, f, args)),
  index: (t, k) => op.index(-1, t, k, null),
  setIndex: (t, k, v) => op.setIndex(-1, t, k, v, null),
};

/** The value a caught error stands for in Lua (what pcall answers second). */
export function caughtValue(e: unknown): LuaValue {
  if (e instanceof StepBudgetExceeded) throw e;
  const lua = fromBuiltin(e, -1, null);
  if (lua instanceof LuaError) return lua.value;
  throw lua;
}

/**
 * An xpcall handler's answer for `value` (luaG_errormsg): LUA_ERRERR when it is not a
 * function; otherwise its first result, and when it raises, the handler is called again
 * with that error, as Lua does while the handler is still the error function.
 */
export function xpcallHandled(handler: LuaValue, value: LuaValue): LuaValue {
  if (!(handler instanceof LuaFunction)) return ERROR_IN_ERROR_HANDLING;
  let v = value;
  for (let n = 0; n < MAX_HANDLER_CALLS; n++) {
    try {
      return host.call(handler, [v])[0];
    } catch (e) {
      v = caughtValue(e);
    }
  }
  return ERROR_IN_ERROR_HANDLING;
}

/**
 * The value a caught error stands for once the error function in force has handled it: what
 * `load` answers for an error its reader raised (the parser runs protected, under the
 * caller's error function).
 */
export function handledValue(e: unknown): LuaValue {
  const v = caughtValue(e);
  const rt = S.rt;
  const handler = rt.errfunc;
  if (handler === null) return v;
  if (handler === REDIS_HANDLER) {
    return redisHandled(host, v, e instanceof LuaError && e.at !== undefined ? e.at : rt.line);
  }
  return xpcallHandled(handler, v);
}

/** What the base library needs of the running interpreter (levels, chunk names, the call stack). */
export const baseRuntime: BaseRuntime = {
  where(level) {
    const rt = S.rt;
    if (level === 1) return where(rt.line);
    const lines = rt.callLines;
    const at = lines.length - (level - 1);
    return at >= 0 && at < lines.length ? where(lines[at]!) : '';
  },
  protectedCall(f, args, handler) {
    const rt = S.rt;
    const depth = rt.callLines.length;
    const outer = rt.errfunc;
    // pcall runs with no error function, xpcall with its handler (nil included)
    rt.errfunc = handler === PCALL ? null : handler;
    try {
      return [true, ...host.call(f, args)];
    } catch (e) {
      rt.callLines.length = depth;
      const v = caughtValue(e);
      return [false, handler === PCALL ? v : xpcallHandled(handler, v)];
    } finally {
      rt.errfunc = outer;
    }
  },
  handled: (e) => handledValue(e),
  load: (source, name) => loadChunk(source, name),
  stringMeta: () => S.rt.stringMeta,
};
