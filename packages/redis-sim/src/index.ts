/**
 * The simulator's full entry (`@batch-lease/redis-sim`): a Redis 7.0 keyspace and command set
 * in plain TypeScript, ACL users, the Lua 5.1 engine behind EVAL, the trace a stepper reads,
 * the module API, and everything in the light entry (`client.ts`: reply and trace types,
 * redis-cli rendering). Import it only from code that runs a server; a page's eager code
 * imports `@batch-lease/redis-sim/client`.
 */
import type { SimServer } from './server.ts';
import type { Reply, TraceStep } from './trace-types.ts';

export * from './client.ts';
export { PackedTrace, packedTraceOf } from './trace-store.ts';

export { SimServer } from './server.ts';
export { createServer } from './create-server.ts';
export type { CreateServerOptions } from './create-server.ts';
export type { ServerModule, ScriptTeller } from './module.ts';
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
export { arg, keyRange } from './commands/types.ts';
export type {
  CommandSpec,
  CommandContext,
  CommandFlag,
  KeyRef,
  KeySpecFlag,
  ScriptObserver,
  WorkAllowance,
} from './commands/types.ts';
export type { LuaAst } from './lua/index.ts';
/**
 * The Lua 5.1 front end Redis 7.0 compiles scripts with: `parseChunk` answers a chunk's tree
 * or throws a `LuaSyntaxError` in the server's words; `Lexer` and its token codes `T` read a
 * chunk token by token (for tools that generate or edit scripts).
 */
export { Lexer, LuaSyntaxError, T, parseChunk } from './lua/index.ts';
export { CHECK_ORDER } from './tracing/script-shape.ts';
export type { Role, ScriptShape } from './tracing/script-shape.ts';
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
export function traceEval(
  server: SimServer,
  args: readonly string[],
): { steps: TraceStep[]; reply: Reply } {
  return server.trace(args);
}
export { splitArgs } from './redis-cli-split.ts';
export type { SplitResult } from './redis-cli-split.ts';
export { REDIS_COMMAND_NAMES } from './commands/introspection.ts';
export { RESP3_NOT_SIMULATED } from './commands/connection-commands.ts';
