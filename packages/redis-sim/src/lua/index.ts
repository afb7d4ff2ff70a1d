/**
 * The Lua engine's public entry: what the rest of the simulator may use of it. Compile and run
 * a script as Redis 7.0 does (engine.ts), the parse tree's types for code that reads a
 * script's shape, the step hook and the frames it reports, and the values a hook sees. Code
 * outside `src/lua/` imports the engine from here only (the `lua-through-its-entry`
 * dependency rule), so its interpreter and libraries can change behind this surface.
 */
export * from './engine.ts';
/** The parse tree's node types (`LuaAst.Chunk`, `LuaAst.Expression`, …), for code that reads a script's shape. */
export type * as LuaAst from './ast.ts';
export type { Chunk } from './ast.ts';
export { parseChunk, LuaSyntaxError } from './parser.ts';
export { Lexer, T } from './lexer.ts';
export { readSlot, type Frame } from './interpreter/frame.ts';
export type { LocalInfo, PointKind, StepHook } from './interpreter/hook.ts';
export {
  LuaTable,
  fromLuaString,
  toLuaString,
  type LuaFunction,
  type LuaValue,
  type TableWatcher,
} from './values.ts';
export {
  callFunction,
  loadLibraryCode,
  type FunctionCall,
  type LoadOptions,
  type LoadedLibrary,
  type RegisteredFunction,
} from './functions.ts';
