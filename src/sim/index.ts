/**
 * The simulated server's full public entry: a Redis 7.0 keyspace and command set in plain
 * TypeScript, ACL users, the Lua engine, the lesson's scripts and their native twin, and
 * everything in the light entry (`client.ts`: the EchoMQ verbs, redis-cli rendering, reply
 * types). Import it only from code that runs a server; the page's islands import `client.ts`.
 */
import { BATCH_SHA, SINGLE_SHA } from './scripts/lesson-scripts.ts';
import type { SimServer } from './server.ts';
import type { Reply, TraceStep } from './trace-types.ts';

export * from './client.ts';

export { SimServer } from './server.ts';
export { createServer } from './create-server.ts';
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
export type {
  CommandSpec,
  CommandContext,
  CommandFlag,
  KeyRef,
  KeySpecFlag,
} from './commands/types.ts';
export { luaToNumber, redisParseDouble, redisParseInt } from './numbers.ts';
export { sha1Hex } from './sha1.ts';
export { BATCH_SOURCE, SINGLE_SOURCE, lineOf } from './scripts/lua-source.ts';
export { BATCH_LINES, SINGLE_LINES } from './scripts/lesson-scripts.ts';
export { dumpKeyspace } from './dump.ts';
export type { KeyDump } from './dump.ts';
export {
  NATIVE_COMMANDS,
  EXTENDS_LINES,
  EXTEND_LINES,
  EXTENDS_SOURCE,
  EXTEND_SOURCE,
} from './native/index.ts';
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

/** SHA1 of extend_locks2.lua's exact text (what SCRIPT LOAD of the file answers). */
export { BATCH_SHA, SINGLE_SHA };

/**
 * Runs an EVALSHA- or EVAL-style command, or a native one (EMQ.EXTENDS,
 * EMQ.EXTEND), on `server` (as the default user) and answers every step the
 * script or handler took and its final reply. The steps come
 * from the same generator a one-shot `server.call` drives, so the reply and the
 * keyspace afterwards are the same either way. A command refused before the
 * script starts (NOSCRIPT, a bad numkeys) answers no steps.
 *
 * @example traceEval(server, ['EVALSHA', BATCH_SHA, '2', 'emq:{q}:active', 'emq:{q}:', '30000', 'JOB1', '1'])
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
