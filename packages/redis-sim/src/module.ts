/**
 * The module API: how code outside the simulator adds to a server, the way a Valkey module
 * does with `RedisModule_CreateCommand`. A module registers commands (each a
 * {@link CommandSpec}: name, arity, flags, key specs, handler) and may say how the scripts it
 * knows are told in a trace. `createServer({ modules: [...] })` loads them in order; a later
 * module's command replaces an earlier one of the same name, as the last registration wins.
 */
import type { CommandSpec } from './commands/types.ts';
import type { LuaAst } from './lua/index.ts';
import type { StepListing } from './trace-types.ts';
import type { ScriptShape } from './tracing/script-shape.ts';

/** How a module's scripts are told when a run is traced (EVAL and EVALSHA with steps). */
export interface ScriptTeller {
  /**
   * The listing a script's steps point into, by the script's SHA1; undefined when the module
   * does not know the script (its steps then point into `user_script`, its own text).
   */
  listingOf(sha: string): StepListing | undefined;
  /**
   * The story a script is told in, found on its parsed tree; null tells it statement by
   * statement. Asked once per script SHA and server.
   */
  shapeOf(tree: LuaAst.Chunk): ScriptShape | null;
}

/** A module: a name, the commands it registers and how its scripts are told. */
export interface ServerModule {
  /** The module's name (what MODULE LIST would show). */
  readonly name: string;
  /** The commands it registers; they dispatch, check ACLs and trace like built-in ones. */
  readonly commands?: readonly CommandSpec[];
  /** How the scripts it knows are told in a trace. */
  readonly scripts?: ScriptTeller;
}
