import type { SimServer } from './server.ts';
import type { Reply, TraceSink, TraceStep } from './trace-types.ts';

/**
 * One client connection. Commands run as its `user`, which a permissions layer
 * (the server's `authorize` hook) can read; the server's own `call` is a
 * connection as the `default` user.
 */
export class Connection {
  user: string;
  readonly server: SimServer;
  /** CLIENT ID: unique on its server, rising, as Redis numbers its clients */
  readonly id: number;
  /** CLIENT SETNAME's name, or null */
  name: string | null = null;
  /** the commands queued since MULTI, and whether one was refused (EXEC then aborts) */
  multi: { queue: string[][]; dirty: boolean } | null = null;
  /** set when the server went away under this connection (SHUTDOWN); it answers no more */
  closed = false;

  constructor(server: SimServer, user = 'default') {
    this.server = server;
    this.user = user;
    this.id = server.nextClientId();
  }

  /** Sends one command and answers its reply, synchronously. */
  call(args: readonly string[]): Reply {
    return this.server.dispatch(this, args, { inScript: false, trace: null });
  }

  /**
   * Sends one command, keeping the steps of any script it runs (EVAL/EVALSHA
   * of a lesson script). The reply is the one `call` would answer.
   */
  trace(args: readonly string[]): { steps: TraceStep[]; reply: Reply } {
    const steps: TraceStep[] = [];
    const reply = this.server.dispatch(this, args, { inScript: false, trace: steps });
    return { steps, reply };
  }

  /**
   * {@link Connection.trace} into a sink of the caller's (a packed trace, which keeps a long
   * run in a fraction of the memory an array of step objects takes); answers the reply.
   */
  traceInto(args: readonly string[], sink: TraceSink): Reply {
    return this.server.dispatch(this, args, { inScript: false, trace: sink });
  }
}
