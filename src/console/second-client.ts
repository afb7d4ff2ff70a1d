/**
 * The console's second client. A line typed while another runs a script is another client's,
 * as a second redis-cli's would be, and a real server answers it while the script runs
 * (processCommand: BUSY, unless the command is flagged allow_busy). Here the script runs in a
 * worker that cannot be asked anything until it ends, so the page answers the line with a
 * server of its own standing in for the worker's (SimServer.standInFor): made from the same
 * fork, so it has the same commands and modules, and told the running server's users and
 * clients, it answers exactly as the simulator decides for a busy server, through the same
 * console session a typed line always goes through.
 */
import type { BusyState, SimServer } from '@batch-lease/redis-sim';
import { forkOf, type ForkSpec } from './fork.ts';
import { ConsoleSession, type LogLine } from './session.ts';

/** What the second client's line printed, and whether it shut the server down (SHUTDOWN NOSAVE). */
export interface SecondAnswer {
  lines: LogLine[];
  shutdown: boolean;
}

/** The second client of one fork: connected while a line runs, gone when it ends. */
export class SecondClient {
  private server: SimServer | null = null;
  private session: ConsoleSession | null = null;

  /** `elapsed`: the fork's clock, as the worker's server reads it (ms since the fork). */
  constructor(
    private readonly spec: ForkSpec,
    private readonly elapsed: () => number,
  ) {}

  /** Answers one line typed while the script `busy` tells of runs. */
  answer(line: string, busy: BusyState): SecondAnswer {
    // the fork's keys play no part: every command that reads them is answered BUSY
    this.server ??= forkOf({ ...this.spec, changes: [] }, this.elapsed).server;
    const server = this.server;
    server.standInFor(busy);
    // a new redis-cli connects as `default`, whoever the console's own client is
    this.session ??= new ConsoleSession(server, 'default');
    const runId = server.runId;
    const result = this.session.run(line);
    if (server.runId !== runId) {
      // the stand-in restarted: SHUTDOWN NOSAVE, which ends the real one; a new stand-in next time
      this.end();
      this.server = null;
      return { lines: [], shutdown: true };
    }
    return { lines: result.lines.filter((l) => l.kind !== 'input'), shutdown: false };
  }

  /** The running line ended: the second client disconnects, its transaction and watches with it. */
  end(): void {
    const conn = this.session?.conn;
    if (conn) this.server?.watches.unwatch(conn);
    this.session = null;
  }
}
