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
import {
  ErrorInErrorHandling,
  MAX_C_CALLS,
  enterCCall,
  handlerOverflow,
  leaveCCall,
  noteRaisedAt,
} from './c-calls.ts';
import { ERROR_IN_ERROR_HANDLING, redisHandled } from './error-handler.ts';

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
  call: (f, args) => {
    // counted before the builtin's frame is entered: a call refused at 200 C calls is raised
    // by the builtin itself, so Redis's handler names the line of the Lua code that called it
    enterCCall(-1);
    try {
      return fromC(() => op.callValue(-1, f, args, null, null));
    } catch (e) {
      noteRaisedAt(e);
      throw e;
    } finally {
      leaveCCall();
    }
  },
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
 * The count of nested C calls `e` was raised at (c-calls.ts), for an error that left a C call
 * made at the count `outer`: noted on the error, else that call's own level.
 */
function raisedAt(e: unknown, outer: number): number {
  return e instanceof LuaError && e.cCalls !== undefined ? e.cCalls : outer + 1;
}

/**
 * An xpcall handler's answer for `e`, whose value is `value` (luaG_errormsg): LUA_ERRERR when
 * it is not a function or the error was LUA_ERRERR itself; otherwise its first result. Lua calls
 * the handler where the error was raised, one C call above it, and calls it again, one above
 * wherever it failed, for an error it raises itself, until the calls reach 200 (`C stack
 * overflow`, which it is handed too) and then 225 (LUA_ERRERR).
 */
export function xpcallHandled(handler: LuaValue, value: LuaValue, e: unknown): LuaValue {
  if (!(handler instanceof LuaFunction) || e instanceof ErrorInErrorHandling) {
    return ERROR_IN_ERROR_HANDLING;
  }
  const rt = S.rt;
  const outer = rt.cCalls;
  rt.cCalls = raisedAt(e, outer);
  let v = value;
  let raised = e;
  try {
    for (;;) {
      const level = rt.cCalls;
      if (level + 1 === MAX_C_CALLS) {
        // this call of the handler is the one that makes 200: it fails where `raised` was
        // raised, and the handler is called again, above it, with that failure
        v = handlerOverflow(
          raised,
          raised instanceof LuaError && raised.at !== undefined ? raised.at : rt.line,
        );
        rt.cCalls = MAX_C_CALLS;
        continue;
      }
      try {
        return host.call(handler, [v])[0];
      } catch (again) {
        if (again instanceof ErrorInErrorHandling) return ERROR_IN_ERROR_HANDLING;
        v = caughtValue(again);
        raised = again;
        rt.cCalls = raisedAt(again, level);
      }
    }
  } finally {
    rt.cCalls = outer;
  }
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
  return xpcallHandled(handler, v, e);
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
      return [false, handler === PCALL ? v : xpcallHandled(handler, v, e)];
    } finally {
      rt.errfunc = outer;
    }
  },
  handled: (e) => handledValue(e),
  load: (source, name) => loadChunk(source, name),
  stringMeta: () => S.rt.stringMeta,
};
