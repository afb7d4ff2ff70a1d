import type { Reply, TraceSink } from '../trace-types.ts';
import type { Keyspace, Value, ValueType } from '../keyspace.ts';
import type { AclRegistry, AclUser } from '../acl/users.ts';
import type { FunctionLibraries } from '../function-libraries.ts';
import type { ServerConfig } from '../server-config.ts';
import type { Connection, DispatchOptions } from '../connection.ts';
import { NOT_INTEGER, OUT_OF_RANGE_POSITIVE, WRONGTYPE, err, type ErrorReply } from '../errors.ts';
import { redisParseInt } from '../numbers.ts';

/**
 * Redis 7 key-spec flags, as `COMMAND DOCS` lists them. ACL key permissions
 * are derived from these: `access` needs read (`%R~`), `insert`/`update`/
 * `delete` need write (`%W~`).
 */
export type KeySpecFlag = 'RO' | 'RW' | 'OW' | 'RM' | 'access' | 'update' | 'insert' | 'delete';

/** One key argument of a command: its index in args and its key-spec flags. */
export interface KeyRef {
  index: number;
  flags: readonly KeySpecFlag[];
}

/**
 * Command flags the simulator uses (a subset of Redis's). `noauth` marks a
 * command every user may run whatever its ACL rules (AUTH). `denyoom` need not be given for
 * Redis's own commands (their recorded metadata says it: commands/denyoom.ts); a module's
 * command that may add memory says it.
 */
export type CommandFlag =
  | 'readonly'
  | 'write'
  | 'noscript'
  | 'fast'
  | 'admin'
  | 'container'
  | 'noauth'
  | 'denyoom'
  // refused to every client by the server's configuration (DEBUG, MODULE LOAD): commands/protected.ts
  | 'protected';

export type { DispatchOptions } from '../connection.ts';

/** What looking a command up answers: its spec, or why there is none. */
export type CommandLookupResult =
  { spec: CommandSpec } | { unknown: 'command' } | { unknown: 'subcommand'; container: string };

/** The read side of a command table: all a command (COMMAND, ACL SETUSER) may ask of it. */
export interface CommandLookup {
  /** The command for `args` (a subcommand when args[0] is a container), or why it is not found. */
  lookup(args: readonly string[]): CommandLookupResult;
  /** Every top-level command name, lowercase. */
  names(): string[];
}

/**
 * The server as a command sees it: only what some command uses. The concrete server
 * implements it; a command cannot reach the test harness's levers (setting the clock,
 * snapshots, swapping the permissions layer).
 */
export interface CommandHost {
  /** the command table, read-only (COMMAND, ACL SETUSER's rules, a module command's own calls) */
  readonly commands: CommandLookup;
  /** the ACL users (AUTH, HELLO, ACL, the permissions layer) */
  readonly acl: AclRegistry;
  /** the keys connections WATCH (WATCH, UNWATCH, EXEC, DISCARD) */
  readonly watches: WatchRegistry;
  /** the script cache, by lowercase SHA1 (EVAL, EVALSHA, SCRIPT) */
  readonly scripts: Map<string, string>;
  /** the function libraries (FUNCTION, FCALL): the server's, whatever the database */
  readonly functions: FunctionLibraries;
  /** the parameters CONFIG GET and CONFIG SET read and write (maxmemory, its policy) */
  readonly config: ServerConfig;
  /**
   * Whether used memory was over `maxmemory` when the command running now started
   * (pre_command_oom_state): a script asks it before its first write.
   */
  readonly preCommandOom: boolean;
  /** the server's run_id (INFO, and a module that stamps what it writes with it) */
  readonly runId: string;
  /** the clock when the server (re)started, for INFO's uptime */
  readonly startedAt: number;
  /** the server clock in whole milliseconds */
  now(): number;
  /** the clock TIME reads, in microseconds; inside a script, with its modelled advance */
  nowMicros(inScript: boolean): number;
  /** a script begins: its modelled clock restarts from the server clock */
  scriptStarted(): void;
  /** the step budget of every script the server runs (the engine's default when undefined) */
  readonly scriptStepBudget: number | undefined;
  /** how long a script may run, in ms of real time (no limit when undefined) */
  readonly scriptTimeLimitMs: number | undefined;
  /** the work the typed line running now may still do, shared by its repeats, or null */
  readonly workAllowance: WorkAllowance | null;
  /** whether the running script has sent a write command yet */
  readonly scriptWrote: boolean;
  /** told when a script starts, writes first and where it stands now and then (a worker's host) */
  readonly scriptObserver: ScriptObserver | null;
  /**
   * the script another client runs, while this server stands in for one that runs it (a
   * console's second client): commands without `allow_busy` are answered BUSY (commands/busy.ts)
   */
  readonly busy: BusyScript | null;
  /**
   * a kill (SCRIPT KILL, FUNCTION KILL) of the {@link busy} script was accepted: the server this
   * one stands in for is to end it (SimServer.busyKilled tells whoever asked)
   */
  killBusy(): void;
  /** runs one command for a connection (EXEC's queue, redis.call) */
  dispatch(conn: Connection, args: readonly string[], opts: DispatchOptions): Reply;
  /** comes back up after SHUTDOWN, as a supervised server does */
  restartAfterShutdown(options: { dropKeys: boolean }): void;
}

/**
 * What one typed line may still spend, shared by everything it runs (a console's `10000 EVAL
 * …` is one line): steps of script work, and a moment on `performance.now()`'s clock after
 * which no script of it runs on.
 */
export interface WorkAllowance {
  steps: number;
  deadline: number;
  /** the time the line was given, in ms (what a stop at the deadline says) */
  limitMs: number;
}

/** The keys connections WATCH, as WATCH, UNWATCH, EXEC and DISCARD use them (watch.ts). */
export interface WatchRegistry {
  /** WATCH key…: the connection's EXEC fails once one of them is touched */
  watch(conn: Connection, keys: readonly string[]): void;
  /** forgets the connection's keys; answers whether one was touched since it watched */
  unwatch(conn: Connection): boolean;
}

/** A script running on a server, as another client's commands see it. */
export interface BusyScript {
  /** EVAL's script (or EVALSHA's) or a function FCALL runs */
  kind: 'eval' | 'function';
  /** the script's SHA, or the function's name as it was registered */
  name: string;
  /**
   * the command that runs it, as FUNCTION STATS lists it; empty for EVAL's, of which FUNCTION
   * STATS answers BUSY (so a long script's text is never copied)
   */
  command: readonly string[];
  /** the server clock (ms) when it started */
  startedAt: number;
  /** the function libraries and functions loaded, as FUNCTION STATS counts them */
  libraries: number;
  functions: number;
  /**
   * whether it has sent a write command: SCRIPT KILL and FUNCTION KILL answer UNKILLABLE from
   * then on (false when it starts; whoever stands in is told when it changes)
   */
  wrote: boolean;
}

/**
 * What a server whose script runs tells whoever stands in for it (SimServer.busyState; commands/busy.ts): the
 * script, the users (AUTH, HELLO AUTH and every ACL check read them) and how many clients have
 * connected (a new client's CLIENT ID follows them).
 */
export interface BusyState {
  script: BusyScript;
  users: AclUser[];
  clients: number;
}

/**
 * Someone who must know about a running script while it runs, because they cannot ask it: the
 * page hosting a server in a worker, which must answer SCRIPT KILL (or UNKILLABLE) for it.
 */
export interface ScriptObserver {
  /**
   * a script started: EVAL's (named by its SHA) or a function FCALL runs (named by the name it
   * was registered with), which a real server answers BUSY, kills and names differently; with
   * what another client's commands would see of it meanwhile
   */
  started(script: BusyScript): void;
  /**
   * the running script sent its first write command: told as the command starts, since a kill
   * read while it runs answers UNKILLABLE
   */
  wrote(): void;
  /**
   * the write command {@link wrote} told of was refused by the simulator's cap on one
   * command's work, having written nothing: the script has not written after all
   */
  unwrote(): void;
  /** the line the running script is at, told every few tens of thousands of steps */
  at(line: number): void;
}

/** A request to run a command, as a permissions layer sees it. */
export interface AccessRequest {
  conn: Connection;
  /** the users the connection's user is looked up in */
  users: AclRegistry;
  spec: CommandSpec;
  args: readonly string[];
  inScript: boolean;
}

/** Answers an error reply to refuse a command, or null to let it run. */
export type AccessCheck = (req: AccessRequest) => ErrorReply | null;

/** Everything a command's implementation can see. */
export interface CommandContext {
  host: CommandHost;
  conn: Connection;
  ks: Keyspace;
  /** true when called through redis.call from a script */
  inScript: boolean;
  /** true when EXEC runs the command from its queue (a blocking command then never waits) */
  fromExec?: boolean;
  /** when set, a script run keeps its steps here (the stepper's path) */
  trace: TraceSink | null;
}

/**
 * One row of the command table. `name` is the lowercase full name Redis uses in
 * errors (`hget`, `script|load`). Arity follows Redis: positive is exact,
 * negative is a minimum, both counting the command name.
 */
export interface CommandSpec {
  name: string;
  arity: number;
  flags: readonly CommandFlag[];
  /** the key arguments of one call; absent for commands without keys */
  keys?: (args: readonly string[]) => KeyRef[];
  /** for containers such as SCRIPT: subcommands by lowercase name */
  subcommands?: ReadonlyMap<string, CommandSpec>;
  /** the module that registered it (COMMAND DOCS, COMMAND LIST FILTERBY MODULE); none when built in */
  module?: string;
  /**
   * For a command that runs a script (EVAL, EVALSHA, FCALL): the flags the script declares
   * (`#!lua flags=…`, a function's flags), which replace the command's own as getCommandFlags
   * does; null when it declares none (no shebang) or is not found.
   */
  scriptFlags?: (host: CommandHost, args: readonly string[]) => readonly string[] | null;
  run: (ctx: CommandContext, args: readonly string[]) => Reply;
}

/** Redis's arity rule: exactly `arity` arguments when positive, at least `-arity` when not. */
export function arityFits(spec: CommandSpec, argc: number): boolean {
  return spec.arity > 0 ? argc === spec.arity : argc >= -spec.arity;
}

/** Key refs for a fixed first..last (inclusive; -1 = the last argument) with a step. */
export function keyRange(
  first: number,
  last: number,
  step: number,
  flags: readonly KeySpecFlag[],
): (args: readonly string[]) => KeyRef[] {
  return (args) => {
    const end = last < 0 ? args.length + last : last;
    const refs: KeyRef[] = [];
    for (let i = first; i <= end && i < args.length; i += step) refs.push({ index: i, flags });
    return refs;
  };
}

/** The arguments of a command, with the name at index 0. Shorthand for implementations. */
export function arg(args: readonly string[], i: number): string {
  return args[i] ?? '';
}

/**
 * The value at `key` when it is a `type`: undefined when the key is absent, the WRONGTYPE reply
 * when it holds another type (lookupKeyRead plus checkType).
 */
export function readTyped<T extends ValueType>(
  ks: Keyspace,
  key: string,
  type: T,
): Extract<Value, { type: T }> | undefined | ErrorReply {
  const v = ks.get(key);
  if (v === undefined || v.type === type) return v as Extract<Value, { type: T }> | undefined;
  return err(WRONGTYPE);
}

/**
 * The optional count of LPOP/RPOP/ZPOPMIN/ZPOPMAX at `i`: null when absent, else a
 * non-negative integer, or the error Redis answers for anything else.
 */
export function optionalCount(args: readonly string[], i: number): number | null | ErrorReply {
  if (args.length <= i) return null;
  const n = redisParseInt(arg(args, i));
  return n === null || n < 0 ? err(OUT_OF_RANGE_POSITIVE) : n;
}

/** The two integers of `LIMIT offset count` at `i` (ZRANGE's and SORT's), or the error Redis answers. */
export function readLimit(
  args: readonly string[],
  i: number,
): { offset: number; count: number } | ErrorReply {
  const offset = redisParseInt(arg(args, i));
  if (offset === null) return err(NOT_INTEGER);
  const count = redisParseInt(arg(args, i + 1));
  if (count === null) return err(NOT_INTEGER);
  return { offset, count };
}
