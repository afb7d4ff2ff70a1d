import type {
  AnyEvent,
  GeneralEvent,
  Reply,
  StepListing,
  TraceSink,
  TraceStep,
} from './trace-types.ts';

/** How a command is being run: from a client, from a script, or from EXEC's queue. */
export interface DispatchOptions {
  /** true when called through redis.call from a script */
  inScript: boolean;
  /** when set, a script run keeps its steps here (the stepper's path): an array or a packed trace */
  trace: TraceSink | null;
  /** true for a command EXEC runs from its queue */
  fromExec?: boolean;
  /** true for redis.call from a read-only script run (EVAL_RO, a `no-writes` shebang) */
  readOnly?: boolean;
  /** true for redis.call from a script that declares `allow-oom` (maxmemory is not checked) */
  allowOom?: boolean;
}

/**
 * The wait a lone client is in after a blocking command (BLPOP, BLMOVE, …) found nothing to take
 * (commands/blocking.ts makes it). Nothing but this client can push to its keys, so the wait can
 * only end by its timeout, and the command has already answered what the client will be told
 * then; a host that shows the client (the console) holds that reply back until the server's
 * clock passes `until`.
 */
export interface BlockedWait {
  /** the command that waits, as Redis names it (`blpop`) */
  command: string;
  /** the timeout as given, in ms; 0 waits for ever */
  timeoutMs: number;
  /**
   * the server clock, in ms, that the clock must pass for the timeout to fire (a real server
   * answers at its first check after it); null when it never fires (a timeout of 0, or one past
   * the end of the server's clock)
   */
  until: number | null;
}

/** What a connection needs of its server: a way to send, and a client id. */
export interface ConnectionHost {
  dispatch(conn: Connection, args: readonly string[], opts: DispatchOptions): Reply;
  nextClientId(): number;
}

/**
 * One client connection. Commands run as its `user`, which a permissions layer
 * (the server's `authorize` hook) can read; the server's own `call` is a
 * connection as the `default` user.
 */
export class Connection {
  user: string;
  readonly host: ConnectionHost;
  /** CLIENT ID: unique on its server, rising, as Redis numbers its clients */
  readonly id: number;
  /** CLIENT SETNAME's name, or null */
  name: string | null = null;
  /** the commands queued since MULTI, and whether one was refused (EXEC then aborts) */
  multi: { queue: string[][]; dirty: boolean } | null = null;
  /** set when the server went away under this connection (SHUTDOWN); it answers no more */
  closed = false;
  /**
   * the wait the last command left this client in, or null: set by a blocking command that found
   * nothing to take (commands/blocking.ts), cleared when the next command is sent; read it with
   * {@link takeBlocked}
   */
  blocked: BlockedWait | null = null;

  constructor(host: ConnectionHost, user = 'default') {
    this.host = host;
    this.user = user;
    this.id = host.nextClientId();
  }

  /**
   * Sends one command and answers its reply, synchronously. A blocking command that must wait
   * answers the reply its timeout will bring and leaves the wait in {@link blocked}.
   */
  call(args: readonly string[]): Reply {
    this.blocked = null;
    return this.host.dispatch(this, args, { inScript: false, trace: null });
  }

  /** The wait the last command left this client in (see {@link blocked}), cleared as it is read. */
  takeBlocked(): BlockedWait | null {
    const wait = this.blocked;
    this.blocked = null;
    return wait;
  }

  /**
   * Sends one command, keeping the steps of any script it runs (EVAL/EVALSHA, or a module's
   * command that yields steps). The reply is the one `call` would answer. `E` is the events
   * the server's modules add to the general ones: the caller that loaded them knows.
   */
  trace<E extends AnyEvent = GeneralEvent, L extends string = StepListing>(
    args: readonly string[],
  ): { steps: TraceStep<E, L>[]; reply: Reply } {
    const steps: TraceStep<E, L>[] = [];
    this.blocked = null;
    const reply = this.host.dispatch(this, args, { inScript: false, trace: steps });
    return { steps, reply };
  }

  /**
   * {@link Connection.trace} into a sink of the caller's (a packed trace, which keeps a long
   * run in a fraction of the memory an array of step objects takes); answers the reply.
   */
  traceInto(args: readonly string[], sink: TraceSink): Reply {
    this.blocked = null;
    return this.host.dispatch(this, args, { inScript: false, trace: sink });
  }
}
