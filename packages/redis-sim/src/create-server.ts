/**
 * Assembles a simulated server: Redis 7.0's data, connection and server commands, scripting on
 * the Lua engine, the ACL layer, and the modules it is asked to load. The one place that knows
 * which commands a server answers; `SimServer` itself only dispatches.
 */
import { DEFAULT_COMMANDS } from './commands/defaults.ts';
import { CommandTable } from './commands/table.ts';
import type { ServerModule } from './module.ts';
import { scriptingCommands } from './scripting/commands.ts';
import { functionCommands } from './scripting/functions.ts';
import { SimServer, type ServerOptions } from './server.ts';

/** Options for {@link createServer}: the server's own, and the modules to load. */
export interface CreateServerOptions extends ServerOptions {
  /** Modules loaded at start, in order (as `loadmodule` lines in redis.conf). None by default. */
  modules?: readonly ServerModule[];
}

/**
 * Creates a simulated server with an empty keyspace, Redis 7.0's commands and the given
 * modules' commands.
 *
 * @example
 * const server = createServer({ now: () => 0 });
 * server.call(['SET', 'k', 'v']); // { status: 'OK' }
 */
export function createServer(options: CreateServerOptions = {}): SimServer {
  const modules = options.modules ?? [];
  const tellers = modules.flatMap((m) => (m.scripts ? [m.scripts] : []));
  return new SimServer(
    options,
    new CommandTable([
      ...DEFAULT_COMMANDS,
      ...scriptingCommands(tellers),
      ...functionCommands,
      ...modules.flatMap((m) => (m.commands ?? []).map((c) => ({ ...c, module: m.name }))),
    ]),
  );
}
