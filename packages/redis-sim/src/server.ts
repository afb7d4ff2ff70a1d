import { aclAuthorize } from './acl/authorize.ts';
import { AclRegistry, cloneUser } from './acl/users.ts';
import { allowsBusy, busyError } from './commands/busy.ts';
import type { CommandTable } from './commands/table.ts';
import {
  arityFits,
  type AccessCheck,
  type BusyScript,
  type BusyState,
  type CommandContext,
  type CommandHost,
  type CommandSpec,
  type ScriptObserver,
  type WorkAllowance,
} from './commands/types.ts';
import { Connection, type ConnectionHost, type DispatchOptions } from './connection.ts';
import { flaggedDenyoom, isDenyoom } from './commands/denyoom.ts';
import {
  OOM,
  arityError,
  err,
  status,
  unknownCommandError,
  unknownSubcommandError,
  type ErrorReply,
  type StopReply,
} from './errors.ts';
import { FunctionLibraries } from './function-libraries.ts';
import { Keyspace } from './keyspace.ts';
import { writeGrowth } from './memory.ts';
import { KEYSPACE_CEILING, defaultConfig, type ServerConfig } from './server-config.ts';
import { Watches } from './watch.ts';
import { NOT_IN_MULTI_TEXT, refusedInMulti } from './commands/transactions.ts';
import { CommandWorkCapped, commandWork } from './command-work.ts';
import {
  KEYSPACE_STOP_TEXT,
  commandCapText,
  unmodelledStopText,
  unmodelledText,
  type CommandCapReason,
} from './stop-texts.ts';
import { recordedLookup, recordedSpec } from './commands/recorded.ts';
import { protectedRefusal } from './commands/protected.ts';
import type { AnyEvent, GeneralEvent, Reply, StepListing, TraceStep } from './trace-types.ts';

export type { AccessCheck, AccessRequest } from './commands/types.ts';

/** Options for a server (see `createServer` in create-server.ts, which assembles one). */
export interface ServerOptions {
  /** The virtual clock in milliseconds; TIME reads it. Defaults to the host clock. */
  now?: () => number;
  /** The server's run_id (40 hex characters on a real server). Random by default. */
  runId?: string;
  /**
   * How many steps (statements, loop tests and the work inside library calls) a script may
   * take before the simulator stops it, ends or not; the engine's default (50,000,000) when absent. A stepper's
   * server keeps every step of a traced run, so it asks for a budget its memory can hold.
   */
  scriptStepBudget?: number;
  /**
   * How long a script may run, in ms of real time, before the simulator stops it (its
   * `lua-time-limit`: where a real server starts answering BUSY, the simulator ends the script
   * and says what the real server would do). No limit when absent.
   */
  scriptTimeLimitMs?: number;
  /**
   * A modelled advance of TIME inside a script, in microseconds per command the script sends.
   * Redis 7.0's TIME reads the system clock afresh on every call (timeCommand's gettimeofday;
   * only key expiry uses the time the script started), so consecutive reads inside one script
   * are later and later; here the k-th command of a script sees the clock plus k × this. Zero
   * (the default) keeps the clock still for the whole script, as the tests' frozen server does.
   */
  scriptTickMicros?: number;
}

/** Options for {@link SimServer.restart}. */
export interface RestartOptions {
  /** the new run_id; random (and different from the old one) by default */
  runId?: string;
  /**
   * Keep the users made with ACL SETUSER, as a server whose users were saved
   * to an aclfile (ACL SAVE) would. By default a restart forgets them, as a
   * server without an aclfile does, and only `default` remains.
   */
  keepUsers?: boolean;
  /**
   * Restart without the keyspace, as SHUTDOWN NOSAVE on a server with no dump to load
   * does. By default the keyspace is kept, as a server saving on shutdown reloads it.
   */
  dropKeys?: boolean;
}

/** The keyspace and script cache at one moment; restore() brings a server back to it. */
export interface ServerSnapshot {
  keyspace: Keyspace;
  scripts: Map<string, string>;
  /** the CONFIG parameters; a snapshot taken before they existed restores the defaults */
  config?: ServerConfig;
  /** the function libraries; a snapshot taken before they existed restores none */
  functions?: FunctionLibraries;
  runId: string;
  /** the ACL users; a snapshot taken before users existed restores none */
  users?: AclRegistry;
}

/**
 * The simulated server: keyspace, script cache, command table and clock. It only dispatches;
 * which commands it answers is decided by whoever builds it (create-server.ts).
 */
export class SimServer implements CommandHost, ConnectionHost {
  readonly commands: CommandTable;
  keyspace = new Keyspace();
  /** cached scripts, by lowercase SHA1 */
  readonly scripts = new Map<string, string>();
  /** the function libraries (FUNCTION LOAD), kept by a restart as a dump keeps them */
  functions = new FunctionLibraries();
  runId: string;
  /**
   * Where a restart's new run_id comes from when none is given: random, as a real server's. A
   * host that replays commands (the console, after Stop) sets a sequence, so the replay comes
   * back with the run_ids the first run had.
   */
  nextRunId: () => string = randomRunId;
  /** The ACL users, by name; a fresh server has only `default` (`on nopass ~* &* +@all`). */
  acl = new AclRegistry();
  /** The keys connections WATCH, and which a command has touched since. */
  readonly watches = new Watches();
  /** see {@link CommandHost.config}: a restart brings back the defaults, as no config file keeps them */
  config: ServerConfig = defaultConfig();
  /** see {@link CommandHost.preCommandOom} */
  preCommandOom = false;
  /**
   * The permissions layer: Redis 7 ACLs for the connection's user by default;
   * null lets every command run.
   */
  authorize: AccessCheck | null = aclAuthorize;
  private clock: () => number;
  /** see {@link ServerOptions.scriptTickMicros} */
  readonly scriptTickMicros: number;
  /** the commands the running script has sent so far (its modelled time, in ticks) */
  private scriptCalls = 0;
  /** how many commands the script had sent before the one running now */
  private scriptCallIndex = 0;
  /** the step budget of every script this server runs (the engine's default when undefined) */
  readonly scriptStepBudget: number | undefined;
  /** see {@link ServerOptions.scriptTimeLimitMs} */
  readonly scriptTimeLimitMs: number | undefined;
  /** the work a typed line may still do, shared by its repeats (null: each script its own) */
  workAllowance: WorkAllowance | null = null;
  /**
   * The most work one command may do, in the steps commands charge (command-work.ts); a
   * command that would do more is not run: it answers {@link commandCapText} having written
   * nothing, and a script that sent it ends there. Set where the server runs on a page's own
   * thread, which nothing can interrupt and which cannot answer its user until a command
   * ends, or under a time limit that cannot cut a command short (its reason says which, for
   * the refusal's words); Infinity (no cap) elsewhere, as on a real server.
   */
  commandWorkCap = Infinity;
  /** why {@link commandWorkCap} is set: the refusal's words say it */
  commandCapReason: CommandCapReason = 'page-thread';
  /** whether the running script has sent a write command yet */
  scriptWrote = false;
  /** see {@link CommandHost.scriptObserver} */
  scriptObserver: ScriptObserver | null = null;
  /** see {@link CommandHost.busy}; set by {@link standInFor} */
  busy: BusyScript | null = null;
  /**
   * set when a kill of the {@link busy} script was accepted (SCRIPT KILL or FUNCTION KILL
   * answered OK): the server this one stands in for is to end it; cleared by {@link standInFor}
   */
  busyKilled = false;
  private readonly defaultConnection: Connection;
  /** The context redis.call's commands last ran with (see {@link dispatchFromScript}). */
  private scriptContext: CommandContext | null = null;
  private clients = 0;
  /** the clock when the server (re)started, for INFO's uptime */
  startedAt: number;

  constructor(options: ServerOptions, commands: CommandTable) {
    this.commands = commands;
    this.clock = options.now ?? (() => Date.now());
    this.runId = options.runId ?? randomRunId();
    this.scriptStepBudget = options.scriptStepBudget;
    this.scriptTimeLimitMs = options.scriptTimeLimitMs;
    this.scriptTickMicros = options.scriptTickMicros ?? 0;
    this.startedAt = this.now();
    this.defaultConnection = new Connection(this);
  }

  /**
   * What another client of this server would meet while `script` runs (see {@link standInFor}):
   * the script, a copy of the users, and how many clients have connected.
   */
  busyState(script: BusyScript): BusyState {
    return { script, users: this.acl.list().map(cloneUser), clients: this.clients };
  }

  /**
   * Makes this server answer as the one `state` came from would while its script runs (a
   * console's second client, typing while its first runs a script in a worker): commands
   * without `allow_busy` answer BUSY, AUTH and HELLO read that server's users, a new
   * connection's id follows its clients, and a kill that is accepted sets {@link busyKilled}.
   * Null makes it an ordinary server again.
   */
  standInFor(state: BusyState | null): void {
    this.busy = state?.script ?? null;
    this.busyKilled = false;
    if (!state) return;
    this.acl = new AclRegistry(state.users);
    this.clients = Math.max(this.clients, state.clients);
  }

  /** see {@link CommandHost.killBusy} */
  killBusy(): void {
    this.busyKilled = true;
  }

  /** The next CLIENT ID. */
  nextClientId(): number {
    return ++this.clients;
  }

  /** Sends one command as the default user. */
  call(args: readonly string[]): Reply {
    return this.defaultConnection.call(args);
  }

  /**
   * Sends one command as the default user and keeps any script's steps; `E` is the events the
   * server's modules add to the general ones.
   */
  trace<E extends AnyEvent = GeneralEvent, L extends string = StepListing>(
    args: readonly string[],
  ): { steps: TraceStep<E, L>[]; reply: Reply } {
    return this.defaultConnection.trace<E, L>(args);
  }

  /** A new connection, as `user` (the `default` user unless said). */
  connect(user = 'default'): Connection {
    return new Connection(this, user);
  }

  /** The virtual clock, in whole milliseconds. */
  now(): number {
    return Math.floor(this.clock());
  }

  /**
   * The clock as TIME reads it, in microseconds: the virtual clock to the microsecond (a clock
   * that runs on real time has a fraction of a millisecond, which gettimeofday would give too),
   * plus, inside a script, the modelled advance of the commands the script has sent before this
   * one.
   */
  nowMicros(inScript: boolean): number {
    const us = Math.floor(this.clock() * 1000);
    return inScript ? us + this.scriptCallIndex * this.scriptTickMicros : us;
  }

  /** A script starts: its modelled clock starts from the virtual clock. */
  scriptStarted(): void {
    this.scriptCalls = 0;
    this.scriptCallIndex = 0;
    this.scriptWrote = false;
  }

  /** Sets the clock to a fixed time in ms, or to a function of the host's choosing. */
  setClock(clock: number | (() => number)): void {
    this.clock = typeof clock === 'number' ? () => clock : clock;
  }

  snapshot(): ServerSnapshot {
    return {
      keyspace: this.keyspace.clone(),
      scripts: new Map(this.scripts),
      config: { ...this.config },
      functions: this.functions.clone(),
      runId: this.runId,
      users: this.acl.clone(),
    };
  }

  restore(s: ServerSnapshot): void {
    this.keyspace = s.keyspace.clone();
    this.scripts.clear();
    for (const [sha, body] of s.scripts) this.scripts.set(sha, body);
    this.functions = s.functions ? s.functions.clone() : new FunctionLibraries();
    this.config = s.config ? { ...s.config } : defaultConfig();
    this.runId = s.runId;
    this.acl = s.users ? s.users.clone() : new AclRegistry();
  }

  /**
   * Restarts the server as a persisted restart would: the keyspace and the function
   * libraries are kept (loaded back from its dump), the script cache is empty (Redis never
   * persists it), and the run_id is new (anything a module stamped with the old one, such as
   * an epoch, now reads as stale). Users are forgotten unless `keepUsers`. Answers the new run_id.
   */
  restart(options: RestartOptions = {}): string {
    let runId = options.runId ?? this.nextRunId();
    while (options.runId === undefined && runId === this.runId) runId = this.nextRunId();
    this.runId = runId;
    this.scripts.clear();
    // CONFIG SET is not saved anywhere a restart reads (the server has no config file)
    this.config = defaultConfig();
    if (!options.keepUsers) this.acl = new AclRegistry();
    // libraries are saved in the dump with the keys, and loaded back with them
    if (options.dropKeys) {
      this.keyspace = new Keyspace();
      this.functions = new FunctionLibraries();
    }
    this.startedAt = this.now();
    return runId;
  }

  /** SHUTDOWN's way back up: a restart with a new run_id, users and scripts forgotten. */
  restartAfterShutdown({ dropKeys }: { dropKeys: boolean }): void {
    this.restart({ dropKeys });
  }

  /** An independent copy: same keys, scripts, commands, clock, run_id and access check. */
  clone(): SimServer {
    const copy = new SimServer(
      {
        now: this.clock,
        runId: this.runId,
        scriptTickMicros: this.scriptTickMicros,
        scriptTimeLimitMs: this.scriptTimeLimitMs,
      },
      this.commands.clone(),
    );
    copy.restore(this.snapshot());
    copy.authorize = this.authorize;
    copy.commandWorkCap = this.commandWorkCap;
    copy.commandCapReason = this.commandCapReason;
    return copy;
  }

  /**
   * Runs one command for a connection, in Redis 7.0's order: lookup, arity,
   * access, then the command. Inside a script, redis.call's own texts apply.
   */
  dispatch(conn: Connection, args: readonly string[], opts: DispatchOptions): Reply {
    if (opts.inScript) return this.dispatchFromScript(conn, args, opts);
    // keys whose time has come are gone before a command looks (a script's clock stands still)
    if (this.keyspace.hasExpiries) this.watches.touch(this.keyspace.purgeExpired(this.now()));
    const queuing = conn.multi !== null && !opts.fromExec;
    // a command refused while queuing dooms the transaction, as flagTransaction does
    const refuse = (e: ErrorReply): Reply => {
      if (queuing && conn.multi) conn.multi.dirty = true;
      return e;
    };
    // EXEC refused before it runs ends any transaction, whether one was open or not
    const refuseExec = (e: ErrorReply): Reply => {
      conn.multi = null;
      this.watches.unwatch(conn);
      const reason = e.error.startsWith('ERR ') ? e.error.slice(4) : e.error;
      return err(`EXECABORT Transaction discarded because of: ${reason}`);
    };
    const found = this.commands.lookup(args);
    // a real 7.0 command the simulator lacks meets the same checks, by 7.0.15's metadata, and is
    // refused where it would run: named as such, never answered as unknown
    let spec: CommandSpec;
    let unmodelled = false;
    if ('spec' in found) spec = found.spec;
    else {
      const real = recordedLookup(args);
      if (!('spec' in real)) {
        // a container of this server's (a module's too) names its own; else what a real one finds
        const why = found.unknown === 'subcommand' ? found : real;
        return refuse(
          why.unknown === 'command'
            ? unknownCommandError(args)
            : unknownSubcommandError(why.container, args[1] ?? ''),
        );
      }
      spec = real.spec;
      unmodelled = true;
    }
    if (!arityFits(spec, args.length)) {
      return spec.name === 'exec'
        ? refuseExec(arityError(spec.name))
        : refuse(arityError(spec.name));
    }
    // DEBUG and MODULE LOAD are refused by the default configuration, before any other check
    if (spec.flags.includes('protected')) return refuse(protectedRefusal(spec.name));
    // processCommand refuses a no_multi command while queuing after the arity check and
    // before the ACL check, so a user without the right to it hears this first
    if (queuing && refusedInMulti(spec)) return refuse(err(NOT_IN_MULTI_TEXT));
    const refused =
      this.authorize?.({ conn, users: this.acl, spec, args, inScript: false }) ?? null;
    if (refused) return spec.name === 'exec' ? refuseExec(refused) : refuse(refused);
    if (this.busy) {
      // a busy script: no maxmemory check (nothing is evicted meanwhile), and only commands
      // flagged allow_busy run; one refused while queuing dooms the transaction, EXEC aborts
      if (!allowsBusy(spec)) {
        const busy = busyError(this.busy.kind);
        return spec.name === 'exec' ? refuseExec(busy) : refuse(busy);
      }
    } else if (!opts.fromExec) {
      // maxmemory, as processCommand checks it after the ACLs: over it, a command that may add
      // memory is refused, and so is queuing anything in a transaction
      const oom = this.keyspace.memory.over(this.keyspace, this.config.maxmemory);
      if (oom && this.refusedOnOom(conn, spec, args, queuing)) {
        return spec.name === 'exec' ? refuseExec(err(OOM)) : refuse(err(OOM));
      }
      this.preCommandOom = oom;
    } else if (this.pastCeiling(spec, args)) return err(KEYSPACE_STOP_TEXT);
    // queued, it dooms the transaction: EXEC could not run it
    if (unmodelled) return refuse(err(unmodelledText(spec.name)));
    if (queuing && conn.multi && !TRANSACTION_CONTROL.has(spec.name)) {
      conn.multi.queue.push([...args]);
      return QUEUED;
    }
    const ctx: CommandContext = {
      host: this,
      conn,
      ks: this.keyspace,
      inScript: false,
      fromExec: opts.fromExec === true,
      trace: opts.trace,
    };
    const reply = this.runCapped(spec, ctx, args);
    // refused as it charged work past the cap, before it wrote: a client sees the refusal
    // (inside EXEC, as that command's reply, as the keyspace's ceiling is)
    if (reply instanceof CommandWorkCapped)
      return err(commandCapText(spec.name, reply.cap, this.commandCapReason));
    if (spec.flags.includes('write')) this.wrote(spec, args, reply);
    return reply;
  }

  /**
   * Whether a command is refused while used memory is over `maxmemory` (processCommand): one
   * that may add memory, EXEC of a transaction holding one, and anything queued in a
   * transaction but EXEC, DISCARD, QUIT and RESET.
   */
  private refusedOnOom(
    conn: Connection,
    spec: CommandSpec,
    args: readonly string[],
    queuing: boolean,
  ): boolean {
    if (isDenyoom(spec, this, args)) return true;
    if (spec.name === 'exec') {
      return (conn.multi?.queue ?? []).some((queued) => {
        const found = this.commands.lookup(queued);
        return 'spec' in found && isDenyoom(found.spec, this, queued);
      });
    }
    return queuing && !OOM_EXEMPT_IN_MULTI.has(spec.name);
  }

  /**
   * Whether a command that may add memory finds the keyspace past the simulator's own ceiling
   * (where a script that started under maxmemory, or EXEC's queue, has taken it).
   */
  private pastCeiling(spec: CommandSpec, args: readonly string[]): boolean {
    return (
      isDenyoom(spec, this, args) && this.keyspace.memory.over(this.keyspace, KEYSPACE_CEILING)
    );
  }

  /** A write command ran: the memory estimate learns how much it may have added. */
  private wrote(spec: CommandSpec, args: readonly string[], reply: Reply): void {
    this.keyspace.memory.grew(writeGrowth(spec.name, args, reply));
  }

  /**
   * redis.call's side of {@link dispatch}: the same checks in the same order (lookup, arity,
   * noscript, access), with the texts scriptCall answers inside a script and no transaction
   * to queue in. Kept apart from the client path, and free of per-call closures and lookup
   * objects, because a batch script sends it hundreds of thousands of commands per run.
   */
  private dispatchFromScript(conn: Connection, args: readonly string[], opts: DispatchOptions) {
    // every command a script sends takes the modelled time, refused or not
    this.scriptCallIndex = this.scriptCalls++;
    // a real 7.0 command the simulator lacks meets the same checks, by 7.0.15's metadata
    let spec = this.commands.find(args);
    let unmodelled = false;
    if (spec === undefined) {
      spec = recordedSpec(args);
      if (spec === undefined) return SCRIPT_UNKNOWN;
      unmodelled = true;
    }
    if (!arityFits(spec, args.length)) return SCRIPT_ARITY;
    if (spec.flags.includes('noscript')) return SCRIPT_NOSCRIPT;
    const refused = this.authorize?.({ conn, users: this.acl, spec, args, inScript: true }) ?? null;
    if (refused) return refused;
    // a read-only run (EVAL_RO, a no-writes shebang) refuses writes (scriptVerifyWriteCommandAllow)
    if (opts.readOnly && spec.flags.includes('write')) return SCRIPT_READ_ONLY;
    // over maxmemory when the script started, it may not add memory before its first write
    // (scriptVerifyOOM); after that it cannot be stopped half way, on a real server
    const denyoom = flaggedDenyoom(spec);
    if (denyoom && this.preCommandOom && !opts.allowOom && !this.scriptWrote) return err(OOM);
    // past the checks the script ends: no reply the simulator could hand it would be the real one
    if (unmodelled) return scriptStop(unmodelledStopText(spec.name));
    // past the simulator's own ceiling, the script is ended (a real server would go on)
    if (denyoom && this.keyspace.memory.over(this.keyspace, KEYSPACE_CEILING))
      return STOP_AT_CEILING;
    // a write command, whatever it changes, makes the script one SCRIPT KILL cannot end, from
    // the moment it starts (scriptCall sets the dirty flag before call() runs it): a kill read
    // while it runs answers UNKILLABLE, as a real server's, read after the command, would
    const write = spec.flags.includes('write');
    const firstWrite = write && !this.scriptWrote;
    if (firstWrite) {
      this.scriptWrote = true;
      this.scriptObserver?.wrote();
    }
    // one context for the script's every call while nothing in it changes (no command writes
    // to a context, so one kept by a command still reads what it was made with)
    let ctx = this.scriptContext;
    if (ctx === null || ctx.conn !== conn || ctx.ks !== this.keyspace || ctx.trace !== opts.trace) {
      ctx = { host: this, conn, ks: this.keyspace, inScript: true, trace: opts.trace };
      this.scriptContext = ctx;
    }
    const reply = this.runCapped(spec, ctx, args);
    if (reply instanceof CommandWorkCapped) {
      // too big for this server, refused having written nothing (a refusal no real server
      // makes): no more a write than a command refused above, so the mark it made is taken
      // back, and a kill read from now on ends the script, as the simulator's stop will
      if (firstWrite) {
        this.scriptWrote = false;
        this.scriptObserver?.unwrote();
      }
      // the script ends, as at the keyspace's ceiling
      return scriptStop(commandCapText(spec.name, reply.cap, this.commandCapReason));
    }
    if (write) this.wrote(spec, args, reply);
    return reply;
  }

  /**
   * Runs a command under this server's cap on one command's work (its count zeroed as it
   * starts): its reply, or the cap it passed, which its caller answers as its path does (a
   * client's error reply, a script's end). The same for a client's command and a script's call.
   */
  private runCapped(
    spec: CommandSpec,
    ctx: CommandContext,
    args: readonly string[],
  ): Reply | CommandWorkCapped {
    const outerCap = commandWork.cap;
    commandWork.cap = this.commandWorkCap;
    commandWork.steps = 0;
    try {
      // no closure while nothing is watched: a batch script sends hundreds of thousands of calls
      return this.watches.size === 0
        ? spec.run(ctx, args)
        : this.watches.run(spec, args, this.keyspace, () => spec.run(ctx, args));
    } catch (e) {
      if (e instanceof CommandWorkCapped) return e;
      throw e;
    } finally {
      commandWork.cap = outerCap;
    }
  }
}

/** The commands MULTI does not queue: they act on the transaction itself (multiCommand's list). */
const TRANSACTION_CONTROL = new Set(['exec', 'discard', 'multi', 'watch', 'quit', 'reset']);
const QUEUED: Reply = Object.freeze(status('QUEUED'));
/** What processCommand lets through over maxmemory while a transaction is open. */
const OOM_EXEMPT_IN_MULTI = new Set(['exec', 'discard', 'quit', 'reset']);
// scriptCall's refusals, as redis.call hands them to a script
const SCRIPT_UNKNOWN = Object.freeze(err('ERR Unknown Redis command called from script'));
const SCRIPT_ARITY = Object.freeze(
  err('ERR Wrong number of args calling Redis command from script'),
);
const SCRIPT_NOSCRIPT = Object.freeze(err('ERR This Redis command is not allowed from script'));
const SCRIPT_READ_ONLY = Object.freeze(
  err('ERR Write commands are not allowed from read-only scripts.'),
);
/** The simulator's own ceiling, in plain words and in the real server's terms. */
const STOP_AT_CEILING: StopReply = Object.freeze({ error: KEYSPACE_STOP_TEXT, stop: true });
/**
 * An error that ends the script it is sent from (redis.pcall cannot catch it): a command past
 * the server's cap on one command's work, or a real command the simulator does not model.
 */
const scriptStop = (error: string): StopReply => ({ error, stop: true });

function randomRunId(): string {
  let id = '';
  for (let i = 0; i < 40; i++) id += Math.floor(Math.random() * 16).toString(16);
  return id;
}
