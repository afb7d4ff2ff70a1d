/**
 * Lua 5.1's count of nested C calls (lua_State's `nCcalls`), as Redis 7.0.15's Lua keeps it.
 * A call from Lua code to a Lua or C function adds nothing (the VM re-enters its own loop); what
 * adds one is `luaD_call`: a C function calling back into Lua (pcall, xpcall and its handler,
 * table.sort's comparator, a gsub replacement, tostring's `__tostring`, load's reader), a
 * metamethod (`__index`, `__newindex`, arithmetic, `__concat`, `__eq`, `__lt`, `__le`) and a
 * generic `for`'s iterator; resuming a coroutine runs it one above its resumer. A script's own
 * function runs at 1 (Redis calls it with lua_pcall), and the parser counts its syntax levels on
 * from wherever `loadstring` is called, so a chunk nests one level less inside pcall.
 */
import { LuaError, type LuaValue } from '../values.ts';
import { ERROR_IN_ERROR_HANDLING } from './error-handler.ts';
import { runtimeError, where } from './errors.ts';
import { S } from './runtime.ts';

/** LUAI_MAXCCALLS: the C calls Lua nests before it refuses one (and the parser's levels). */
export const MAX_C_CALLS = 200;

/**
 * Where luaD_call gives up altogether (LUAI_MAXCCALLS plus an eighth): between the two limits
 * only the calls an error handler makes run, since the call that reached 200 has already failed.
 * A coroutine resumed at 199 runs at 200 and is in that margin too.
 */
const ERRERR_C_CALLS = MAX_C_CALLS + (MAX_C_CALLS >> 3);

/**
 * LUA_ERRERR, thrown once the count reaches {@link ERRERR_C_CALLS}: a protected call answers
 * `error in error handling` for it without calling any error handler (luaD_throw).
 */
export class ErrorInErrorHandling extends LuaError {
  constructor() {
    super(ERROR_IN_ERROR_HANDLING);
  }
}

/**
 * Counts a nested C call in, as luaD_call does before it calls: the one that makes 200 fails
 * with `C stack overflow`, positioned at `line` when Lua code made it (a metamethod, a `for`'s
 * iterator) and bare when a builtin did (line -1); from 225 on, LUA_ERRERR. A call that fails
 * is not counted. Every call that succeeds is paired with {@link leaveCCall}, in a `finally`,
 * as luaD_pcall restores the count after an error.
 */
export function enterCCall(line: number): void {
  const rt = S.rt;
  const n = ++rt.cCalls;
  if (n < MAX_C_CALLS) return;
  if (n === MAX_C_CALLS || n >= ERRERR_C_CALLS) {
    rt.cCalls--;
    const e =
      n === MAX_C_CALLS ? runtimeError(line, 'C stack overflow') : new ErrorInErrorHandling();
    // an error handler is called one above the count the error was raised at
    e.cCalls = n;
    throw e;
  }
}

/**
 * Notes on an error leaving a C call the count it was raised at (the innermost call it leaves),
 * for the error handler xpcall calls one above it.
 */
export function noteRaisedAt(e: unknown): void {
  if (e instanceof LuaError && e.cCalls === undefined) e.cCalls = S.rt.cCalls;
}

/** Counts a nested C call out. */
export function leaveCCall(): void {
  S.rt.cCalls--;
}

/**
 * The error of a call of an error handler, for `e`, that made the 200th C call: `C stack
 * overflow`, positioned as the function that raised `e` was (Lua code at `line`, where it was
 * raised; a builtin nowhere), since the handler is called from where the error was raised.
 */
export function handlerOverflow(e: unknown, line: number): string {
  return `${e instanceof LuaError && e.inLua === true ? where(line) : ''}C stack overflow`;
}

/**
 * What Redis's error handler makes the message of `e`, an error no pcall caught, raised at
 * `line`: the handler is called one C call above where the error was raised, so for an error
 * raised at 199 that call is the one that makes 200 and fails, and the handler, called again
 * above it, is handed {@link handlerOverflow} instead.
 */
export function messageForRedisHandler(e: LuaError, line: number): LuaValue {
  return e.cCalls === MAX_C_CALLS - 1 ? handlerOverflow(e, line) : e.value;
}
