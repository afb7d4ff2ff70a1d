/**
 * The console's second client, on the side that holds servers (a worker of its own). A line
 * typed while another runs is another client's, as a second redis-cli's would be, and a real
 * server answers it while the script runs (processCommand: BUSY, unless the command is flagged
 * allow_busy). The console's own server is busy running the script and cannot be asked, so the
 * line goes to a server standing in for it (SimServer.standInFor): made from the same fork, so
 * it has the same commands and modules, and told the running server's users, clients and
 * script, it answers exactly as the simulator decides for a busy server, through the same
 * console session a typed line always goes through. SCRIPT KILL, FUNCTION KILL and SHUTDOWN
 * NOSAVE are answered here too, and what they do to the running line is told back.
 */
import { splitArgs, type BusyState, type SimServer } from '@batch-lease/redis-sim';
import { sharedNow } from './shared-clock.ts';
import { forkOf } from './fork.ts';
import type { ForkSpec } from './fork-spec.ts';
import type { SecondEnd } from './second-protocol.ts';
import { ConsoleSession, type LogLine } from './session.ts';

/** What a second client's line printed (null: it waits), and how it ends the running line. */
export interface StandInAnswer {
  lines: LogLine[] | null;
  ends: SecondEnd | null;
}

/** The second client of one fork: its server made once per fork, its connection per running line. */
export class StandIn {
  private spec: ForkSpec | null = null;
  /** when the fork's clock began, on {@link sharedNow}'s clock */
  private origin = 0;
  private server: SimServer | null = null;
  private session: ConsoleSession | null = null;

  /** The console forked: the stand-in is made from the same fork (see {@link made}). */
  fork(spec: ForkSpec, origin: number): void {
    this.spec = spec;
    this.origin = origin;
    this.session = null;
    this.server = this.made();
  }

  /**
   * Answers one line typed while the console's line runs: `busy` tells of its script, or is
   * null when none runs (see {@link answeredWithoutScript}).
   */
  answer(line: string, busy: BusyState | null): StandInAnswer {
    const server = (this.server ??= this.made());
    if (!busy && !answeredWithoutScript(server, line)) return { lines: null, ends: null };
    server.standInFor(busy);
    // a new redis-cli connects as `default`, whoever the console's own client is
    this.session ??= new ConsoleSession(server, 'default');
    const runId = server.runId;
    const result = this.session.run(line);
    if (server.runId !== runId) {
      // the stand-in restarted: SHUTDOWN NOSAVE, which ends the real one; a new stand-in next time
      this.end();
      this.server = null;
      return { lines: [], ends: 'shutdown' };
    }
    const lines = result.lines.filter((l) => l.kind !== 'input');
    return { lines, ends: server.busyKilled ? 'killed' : null };
  }

  /** The running line ended: the second client disconnects, its transaction and watches with it. */
  end(): void {
    const conn = this.session?.conn;
    if (conn) this.server?.watches.unwatch(conn);
    this.session = null;
  }

  private made(): SimServer {
    if (!this.spec) throw new Error('the second client was asked before the console forked');
    // the fork's keys and the script its run loaded play no part: every command that reads
    // them is answered BUSY (and a kill, or SHUTDOWN NOSAVE, reads neither), so the stand-in is
    // made without them, quickly, however long the learner's script is to load
    const origin = this.origin;
    const spec = { ...this.spec, changes: [], script: null };
    return forkOf(spec, () => sharedNow() - origin).server;
  }
}

/**
 * Whether a line is answered while the console's line runs no script (its client waits, as on
 * BLPOP, or one long command runs): only when the server's data cannot change the answer, which
 * is so of a kill (there is no script to kill: NOTBUSY) and of SHUTDOWN NOSAVE (the data goes);
 * anything else waits for the running line, as redis-cli sends nothing before its answer.
 */
function answeredWithoutScript(server: SimServer, line: string): boolean {
  const split = splitArgs(line);
  if (!split.ok || split.args.length === 0) return false;
  const found = server.commands.lookup(split.args);
  if ('unknown' in found) return false;
  const name = found.spec.name;
  if (name === 'script|kill' || name === 'function|kill') return true;
  return name === 'shutdown' && split.args.some((a) => a.toLowerCase() === 'nosave');
}
