/**
 * The simulator's full entry (`@batch-lease/redis-sim`): a Redis 7.0 keyspace and command set
 * in plain TypeScript, ACL users, the Lua 5.1 engine behind EVAL, the trace a stepper reads,
 * the module API, and everything in the light entry (`client.ts`: reply and trace types,
 * redis-cli rendering). Import it only from code that runs a server; a page's eager code
 * imports `@batch-lease/redis-sim/client`.
 */
import type { SimServer } from './server.ts';
import type { AnyEvent, GeneralEvent, Reply, StepListing, TraceStep } from './trace-types.ts';

export * from './client.ts';
export { PackedTrace, packedTraceOf } from './trace-store.ts';
export type { KindCode } from './trace-store.ts';

export { SimServer } from './server.ts';
export { createServer } from './create-server.ts';
export type { CreateServerOptions } from './create-server.ts';
export type { ServerModule, ScriptStory, ScriptTeller, StoryPen, StoryRun } from './module.ts';
export type {
  ServerOptions,
  ServerSnapshot,
  RestartOptions,
  AccessCheck,
  AccessRequest,
} from './server.ts';
export { Connection } from './connection.ts';
export { Keyspace } from './keyspace.ts';
export type { Value, ValueType } from './keyspace.ts';
export { CommandTable } from './commands/table.ts';
export { busyError } from './commands/busy.ts';
export { arg, keyRange } from './commands/types.ts';
export type {
  CommandSpec,
  CommandContext,
  CommandFlag,
  KeyRef,
  KeySpecFlag,
  BusyScript,
  BusyState,
  ScriptObserver,
  WorkAllowance,
} from './commands/types.ts';
export type { LuaAst, LuaValue, PointKind } from './lua/index.ts';
/** The engine's table, as a story's pen shows a local that holds one (`instanceof`, `length()`). */
export { LuaTable } from './lua/index.ts';
/**
 * The Lua 5.1 front end Redis 7.0 compiles scripts with: `parseChunk` answers a chunk's tree
 * or throws a `LuaSyntaxError` in the server's words; `Lexer` and its token codes `T` read a
 * chunk token by token (for tools that generate or edit scripts).
 */
export { Lexer, LuaSyntaxError, T, parseChunk } from './lua/index.ts';
export { drive, stepper } from './tracing/script-env.ts';
export type { ScriptRun } from './tracing/script-env.ts';
export { luaToNumber, redisParseDouble, redisParseInt } from './numbers.ts';
export { sha1Hex } from './sha1.ts';
export { dumpKeyspace } from './dump.ts';
export type { KeyDump } from './dump.ts';
export {
  AclRegistry,
  NOPERM,
  WRONGPASS,
  aclAuthorize,
  describeUser,
  mayAccessKey,
  mayRun,
  sha256Hex,
} from './acl/index.ts';
export type { AclUser, KeyNeed, KeyPattern } from './acl/index.ts';

/**
 * Runs an EVALSHA- or EVAL-style command, or a module's command that yields steps, on
 * `server` (as the default user) and answers every step the script or handler took and its
 * final reply. The steps come
 * from the same generator a one-shot `server.call` drives, so the reply and the
 * keyspace afterwards are the same either way. A command refused before the
 * script starts (NOSCRIPT, a bad numkeys) answers no steps.
 *
 * @example traceEval(server, ['EVAL', 'return redis.call("INCR", KEYS[1])', '1', 'n'])
 */
export function traceEval<E extends AnyEvent = GeneralEvent, L extends string = StepListing>(
  server: SimServer,
  args: readonly string[],
): { steps: TraceStep<E, L>[]; reply: Reply } {
  return server.trace<E, L>(args);
}
export { splitArgs } from './redis-cli-split.ts';
export type { SplitResult } from './redis-cli-split.ts';
export { REDIS_COMMAND_NAMES } from './commands/introspection.ts';
export { RESP3_NOT_SIMULATED } from './commands/connection-commands.ts';
