/**
 * The interpreter as the libraries see it ({@link LuaHost}): Lua's operations
 * called from "C", so errors they raise carry no position, and a function they
 * call is called from a builtin (a '?' name in "bad argument" messages).
 */
import { luaToString, type BaseRuntime } from '../lib/base.ts';
import { LuaError, type LuaHost, type LuaValue } from '../values.ts';
import { loadChunk } from './chunk.ts';
import { fromBuiltin, where } from './errors.ts';
import * as op from './ops.ts';
import { S, StepBudgetExceeded } from './runtime.ts';

/** Runs `body` as a builtin does: the running line is -1 (no position) until it returns. */
function fromC<T>(body: () => T): T {
  const rt = S.rt;
  const saved = rt.line;
  rt.line = -1;
  try {
    return body();
  } finally {
    rt.line = saved;
  }
}

export const host: LuaHost = {
  lessThan: (a, b) => op.lessThan(-1, a, b),
  equals: (a, b) => a === b || op.equals(-1, a, b),
  tostring: (v) => luaToString(host, v),
  call: (f, args) => fromC(() => op.callValue(-1, f, args, null, null)),
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
    try {
      return [true, ...host.call(f, args)];
    } catch (e) {
      rt.callLines.length = depth;
      const v = caughtValue(e);
      if (handler === null) return [false, v];
      return [false, host.call(handler, [v])[0]];
    }
  },
  load: (source, name) => loadChunk(source, name),
  stringMeta: () => S.rt.stringMeta,
};
