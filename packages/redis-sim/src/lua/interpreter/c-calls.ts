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
import { S } from './runtime.ts';

/** LUAI_MAXCCALLS: the C calls Lua nests before it refuses one (and the parser's levels). */
export const MAX_C_CALLS = 200;

/**
 * Counts a nested C call in (luaD_call's increment). Every call is paired with
 * {@link leaveCCall}, in a `finally`, as luaD_pcall restores the count on an error.
 */
export function enterCCall(): void {
  S.rt.cCalls++;
}

/** Counts a nested C call out. */
export function leaveCCall(): void {
  S.rt.cCalls--;
}
