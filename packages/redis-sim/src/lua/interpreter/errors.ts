/**
 * Raising runtime errors with Lua 5.1's position and wording, and turning the
 * position-less errors builtins throw into positioned ones at the call site.
 */
import { LuaArgError, LuaError, LuaRuntimeError, luaType, type LuaValue } from '../values.ts';
import { positionOf } from './chunk-names.ts';
import { S } from './runtime.ts';

/** `user_script:N: ` for a line of the script; nothing for a C caller (line ≤ 0). */
export function where(line: number): string {
  return line > 0 ? positionOf(line, S.rt.chunks) : '';
}

/**
 * A runtime error at `line` (luaG_runerror): the message with its position. `inLua` says Lua
 * code raised it (an operator, an index, a call), not a builtin whose error is positioned at
 * its call site (see {@link LuaError.inLua}).
 */
export function runtimeError(line: number, message: string, inLua = true): LuaError {
  // a line below 1 is an error raised inside a builtin (table.sort's compare): it has no
  // position of its own, and the Lua line running the builtin stays the one Redis names
  if (line > 0) S.rt.line = line;
  const e = new LuaError(where(line) + message);
  if (inLua && line > 0) e.inLua = true;
  return e;
}

/** "attempt to <op> local 'x' (a nil value)", the name as getobjname finds it, if any. */
export function typeError(
  line: number,
  op: string,
  value: LuaValue,
  name: string | null,
): LuaError {
  const type = luaType(value);
  return runtimeError(
    line,
    name ? `attempt to ${op} ${name} (a ${type} value)` : `attempt to ${op} a ${type} value`,
  );
}

/** How a call site names the function it calls, for "bad argument" messages. */
export interface CallName {
  /** The name Lua's getfuncname finds, or null ('?'). */
  name: string | null;
  /** A method call (`o:m()`): argument numbers shift by one. */
  method: boolean;
}

/**
 * An error thrown by a builtin called from `line`, as the Lua error it
 * becomes: LuaRuntimeError and LuaArgError get their words and position;
 * a LuaError passes through.
 */
export function fromBuiltin(e: unknown, line: number, callee: CallName | null): unknown {
  if (e instanceof LuaArgError) {
    const name = callee?.name ?? '?';
    let n = e.arg;
    if (callee?.method) {
      n--;
      if (n === 0) {
        return runtimeError(line, `calling '${name}' on bad self (${e.detail})`, false);
      }
    }
    return runtimeError(line, `bad argument #${n} to '${name}' (${e.detail})`, false);
  }
  if (e instanceof LuaRuntimeError) return runtimeError(line, e.message, false);
  // no regular expression here: at the stack's very end compiling one fails too (a
  // SyntaxError no caller would know), while a failing `includes` is a RangeError again,
  // which the next caller out converts
  if (e instanceof RangeError && e.message.includes('call stack')) {
    return runtimeError(line, 'stack overflow');
  }
  return e;
}
