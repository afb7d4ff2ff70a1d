/**
 * The console's side that holds the server: a fork and a session over it, answering the
 * messages the page sends (start, run a line, completions, export). The worker runs one of
 * these; where no worker can be made, the page runs one itself, so both answer alike.
 */
import type { ScriptObserver } from '@batch-lease/redis-sim';
import { exportCommands } from './export.ts';
import { forkOf, type ForkSpec } from './fork.ts';
import { completionNames } from './help.ts';
import { ConsoleSession, type LogLine, type RunResult } from './session.ts';

/** What the page asks of the side holding the server. */
export type HostRequest =
  | { kind: 'start'; spec: ForkSpec; replay: readonly string[] }
  | { kind: 'run'; line: string }
  | { kind: 'complete' }
  | { kind: 'export' };

/** What a started console says: the user, the fork's notes and the replayed lines' output. */
export interface Started {
  kind: 'started';
  user: string;
  prompt: string;
  lines: LogLine[];
  /** the replayed lines that were sent (not refused) */
  typed: string[];
  /** a replayed line the simulator had to stop (its limit), if any */
  limited: boolean;
}

/** What the side holding the server answers. */
export type HostReply =
  | Started
  | { kind: 'ran'; result: RunResult; prompt: string }
  | { kind: 'names'; names: string[] }
  | { kind: 'exported'; lines: string[] }
  /** told while a line runs: a script started, wrote, or stands at a line */
  | { kind: 'script'; event: 'started'; sha: string }
  | { kind: 'script'; event: 'wrote' }
  | { kind: 'script'; event: 'at'; line: number };

/** How the simulator's own stops of a script begin (its step budget, its time limit). */
const SIMULATOR_STOP = /\(error\) ERR the simulator stopped script /;

/** One console's server side: `post` is where its replies go. */
export class ConsoleHost {
  private session: ConsoleSession | null = null;

  constructor(private readonly post: (reply: HostReply) => void) {}

  /** Answers one request. */
  handle(req: HostRequest): void {
    if (req.kind === 'start') this.post(this.start(req.spec, req.replay));
    else if (req.kind === 'run') {
      const s = this.need();
      this.post({ kind: 'ran', result: s.run(req.line), prompt: s.prompt() });
    } else if (req.kind === 'complete') {
      this.post({ kind: 'names', names: completionNames(this.need().server) });
    } else {
      this.post({ kind: 'exported', lines: exportCommands(this.need().server) });
    }
  }

  private need(): ConsoleSession {
    if (!this.session) throw new Error('the console was asked to run before it started');
    return this.session;
  }

  private start(spec: ForkSpec, replay: readonly string[]): Started {
    const { server, user, notes } = forkOf(spec);
    const observer: ScriptObserver = {
      started: (sha) => this.post({ kind: 'script', event: 'started', sha }),
      wrote: () => this.post({ kind: 'script', event: 'wrote' }),
      at: (line) => this.post({ kind: 'script', event: 'at', line }),
    };
    server.scriptObserver = observer;
    const session = new ConsoleSession(server, user);
    this.session = session;
    const lines: LogLine[] = (notes ?? []).map((text) => ({ kind: 'note', text }));
    const typed: string[] = [];
    let limited = false;
    for (const line of replay) {
      const r = session.run(line);
      if (!r.refused) typed.push(line);
      if (r.clear) lines.length = 0;
      for (const l of r.lines) {
        lines.push(l);
        if (SIMULATOR_STOP.test(l.text)) limited = true;
      }
    }
    return {
      kind: 'started',
      user: session.user(),
      prompt: session.prompt(),
      lines,
      typed,
      limited,
    };
  }
}
