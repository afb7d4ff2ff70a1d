import type { SimServer } from './server.ts';
import type { Reply, TraceStep } from './trace-types.ts';

/**
 * One client connection. Commands run as its `user`, which a permissions layer
 * (the server's `authorize` hook) can read; the server's own `call` is a
 * connection as the `default` user.
 */
export class Connection {
  user: string;
  readonly server: SimServer;

  constructor(server: SimServer, user = 'default') {
    this.server = server;
    this.user = user;
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
}
