/**
 * Assembles the default simulated server: Redis 7.0's commands the lesson uses, scripting on
 * the Lua engine, the native module (unless a node without it is asked for) and the ACL layer. The one place that knows
 * which commands a server answers; `SimServer` itself only dispatches.
 */
import { DEFAULT_COMMANDS } from './commands/defaults.ts';
import { CommandTable } from './commands/table.ts';
import { NATIVE_COMMANDS } from './native/index.ts';
import { SCRIPTING_COMMANDS } from './scripting/commands.ts';
import { SimServer, type ServerOptions } from './server.ts';

/** Creates a simulated server with an empty keyspace and the default commands. */
export function createServer(options: ServerOptions = {}): SimServer {
  const native = options.native === false ? [] : NATIVE_COMMANDS;
  return new SimServer(
    options,
    new CommandTable([...DEFAULT_COMMANDS, ...SCRIPTING_COMMANDS, ...native]),
  );
}
