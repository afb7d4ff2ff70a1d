/**
 * The module API: how code outside the simulator adds to a server, the way a Valkey module
 * does with `RedisModule_CreateCommand`. A module registers commands (each a
 * {@link CommandSpec}: name, arity, flags, key specs, handler) and may say how the scripts it
 * knows are told in a trace. `createServer({ modules: [...] })` loads them in order; a later
 * module's command replaces an earlier one of the same name, as the last registration wins.
 */
import type { CommandSpec } from './commands/types.ts';
import type { LuaAst, LuaValue, PointKind } from './lua/index.ts';
import type { AnyEvent, Reply, StepListing } from './trace-types.ts';

/**
 * What a story writes with, handed to it by the trace recorder for one traced run: the run's
 * ARGV, the locals of the script's body, and `emit`, which writes a step with the keyspace
 * changes and the locals that changed since the previous step.
 */
export interface StoryPen {
  /** The script's ARGV. */
  readonly argv: readonly string[];
  /**
   * Writes a step. An event of the module's own kinds must list its fields in the order the
   * module gave them to the trace (`StepFields`), so a packed trace keeps it in cells.
   */
  emit<E extends AnyEvent>(line: number, group: number | null, event: E): void;
  /**
   * The value of the local `name` in scope in the script's body now (innermost first); a string
   * comes as the simulator's text (UTF-8 decoded, a byte that is not UTF-8 kept as its escape),
   * as {@link argv} does.
   */
  local(name: string): LuaValue;
}

/**
 * One traced run told in a module's terms. The recorder hands it the engine's events: the
 * statements, loop tests and branches of the script's body (calls into its functions are not
 * told), and every `and`/`or` operand and `redis.call`; the story writes what it makes of them
 * with its {@link StoryPen}. The recorder writes the run's last step (the reply or the error)
 * itself, after {@link StoryRun.end}.
 */
export interface StoryRun {
  /** A statement of the script's body (or its loop test, `kind` 'loop-test') is about to run. */
  statement(kind: PointKind, line: number, node: LuaAst.Statement): void;
  /** A loop test of the script's body was decided. */
  loopTest(line: number, enters: boolean): void;
  /** A clause of an `if` in the script's body was tested (`clause` 0 is the `if` itself). */
  branch(line: number, node: LuaAst.IfStatement, clause: number, taken: boolean): void;
  /** One operand of an `and`/`or` chain was evaluated (`index` 0 is the first). */
  operand(line: number, node: LuaAst.LogicalExpression, index: number, value: LuaValue): void;
  /** A `redis.call` answered; `raises` when its error ends the run. */
  command(line: number, args: readonly string[], reply: Reply, raises: boolean): void;
  /** The run ended: write what is still untold, before the recorder's last step. */
  end(): void;
  /** The group the run stands in now (the recorder's error step belongs to it). */
  group(): number | null;
}

/** How a script is told: a new {@link StoryRun} for each traced run. */
export type ScriptStory = (pen: StoryPen) => StoryRun;

/** How a module's scripts are told when a run is traced (EVAL and EVALSHA with steps). */
export interface ScriptTeller {
  /**
   * The listing a script's steps point into, by the script's SHA1; undefined when the module
   * does not know the script (its steps then point into `user_script`, its own text).
   */
  listingOf(sha: string): StepListing | undefined;
  /**
   * The story a script is told in, found on its parsed tree; null leaves it to the recorder,
   * which tells it statement by statement. Asked once per script SHA and server.
   */
  storyOf(tree: LuaAst.Chunk): ScriptStory | null;
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
