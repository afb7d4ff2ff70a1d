/**
 * The console's side that holds the server: a fork and a session over it, answering the
 * messages the page sends (start, run a line, completions, export). The worker runs one of
 * these; where no worker can be made, the page runs one itself, so both answer alike.
 */
import type { BusyState, ScriptObserver } from '@batch-lease/redis-sim';
import { PAGE_COMMAND_WORK, PAGE_TIME_LIMIT_MS } from '../limits/page-thread.ts';
import { LINE_COMMAND_WORK, LINE_TIME_LIMIT_MS } from './line-limits.ts';
import { exportCommands } from './export.ts';
import { forkOf } from './fork.ts';
import type { ForkSpec } from './fork-spec.ts';
import { NO_SERVER_TEXT } from './fault.ts';
import { completionNames } from './help.ts';
import { CopyStore, type CopyGone, type CopyRef, type CopyText } from './copy-store.ts';
import {
  ConsoleSession,
  PROMPT,
  type BlockedLine,
  type LogLine,
  type RunResult,
} from './session.ts';
import { sharedNow } from './shared-clock.ts';

/**
 * A line the console ran, so a replay does again exactly what it did: `at` is the fork's clock
 * when it began (ms since the fork), so the replay reads the clock as the line first did (its
 * TTLs, TIME, the scores it wrote); `steps` is the script work it did (RunResult.steps), so a
 * line the time limit stopped stops at the same step. A link's lines, which never ran here,
 * have neither: they run on the clock as it stands, under the line's own limits.
 */
export interface RanLine {
  line: string;
  at?: number;
  steps?: number;
}

export { sharedNow };

/** What the page asks of the side holding the server. */
export type HostRequest =
  /**
   * `origin`: when the fork's clock began, on {@link sharedNow}'s clock; `generation`: the
   * page's count of the servers it started, which the cut outputs' copies are kept under (0
   * when unsaid)
   */
  | {
      kind: 'start';
      spec: ForkSpec;
      origin: number;
      replay: readonly RanLine[];
      generation?: number;
    }
  | { kind: 'run'; line: string }
  | { kind: 'complete' }
  | { kind: 'export' }
  /** the whole text of a cut output (Copy all), by the place its note carries */
  | { kind: 'copy'; ref: CopyRef };

/** What a started console says: the user, the fork's notes and the replayed lines' output. */
export interface Started {
  kind: 'started';
  user: string;
  prompt: string;
  lines: LogLine[];
  /** the replayed lines that were sent (not refused), each with when it began */
  typed: RanLine[];
}

/** What the side holding the server answers. */
export type HostReply =
  | Started
  /** `at`: the fork's clock when the line began */
  | { kind: 'ran'; result: RunResult; prompt: string; at: number }
  | { kind: 'names'; names: string[] }
  | { kind: 'exported'; lines: string[] }
  /**
   * a copy's text, one part a message, in order (see copy-text.ts); `copied` ends it, or says
   * why there is none
   */
  | { kind: 'copy-part'; text: string }
  | { kind: 'copied'; gone?: CopyGone }
  /**
   * told while a line runs: a script started (with what another client meets meanwhile: the
   * page's second client answers from it), wrote (as its first write command starts), took
   * that back (the simulator's cap refused the command, which wrote nothing), or stands at a line
   */
  | { kind: 'script'; event: 'started'; name: string; run: 'eval' | 'function'; busy: BusyState }
  | { kind: 'script'; event: 'wrote' | 'unwrote' }
  | { kind: 'script'; event: 'at'; line: number }
  /**
   * told when the running line's client starts to wait (BLPOP and its kin found nothing to
   * take): its `ran` follows once the server's clock passes the timeout, never for a wait for ever
   */
  | { kind: 'blocked'; wait: BlockedLine }
  /**
   * the simulator's code threw on the request being answered (`fault.ts`): nothing else is
   * answered for it, and the page starts a new server in this one's place
   */
  | { kind: 'failed'; message: string };

/** How often, at most, a waiting line looks at the server's clock again (ms of real time). */
const WAIT_CHECK_MS = 250;

/**
 * How often, at most, the page is told the line a running script stands at (ms of real time),
 * and only when the line moved: a script that stays on one line is told of it at most once, one
 * that walks a loop's lines at most fifty times a second. The interpreter says where it stands
 * each time it reads the clock (every 65,536 steps), a few thousand times a second; posted each
 * time, they were as many tasks on the page's main thread, when the page keeps only the last
 * line, for a kill's words. It says so again within 65,536 steps, so the latest line still
 * reaches the page soon after the interval.
 */
const AT_EVERY_MS = 20;

/** One console's server side: `post` is where its replies go. */
export class ConsoleHost {
  private session: ConsoleSession | null = null;
  /** when the fork's clock began, on {@link sharedNow}'s clock */
  private origin = 0;
  /** the timer of a line waiting out a blocking command's timeout */
  private waiting: ReturnType<typeof setTimeout> | null = null;
  /** set when the simulator failed as it started the server: no server stands */
  private down = false;

  /**
   * `onPage`: this host runs on the page's own thread (no worker), whose server refuses a
   * command too big for it ({@link PAGE_COMMAND_WORK}) rather than hold the page while it runs;
   * in a worker the cap is higher ({@link LINE_COMMAND_WORK}), what fits in a line's time limit.
   */
  constructor(
    private readonly post: (reply: HostReply) => void,
    private readonly onPage = false,
  ) {}

  /**
   * Answers one request. A start the simulator fails on (it throws) leaves no server: a line
   * sent then is answered as refused, with {@link NO_SERVER_TEXT}, and Tab completes nothing.
   */
  handle(req: HostRequest): void {
    if (req.kind === 'start') {
      this.session = null;
      this.down = true;
      this.post(this.start(req.spec, req.origin, req.replay, req.generation ?? 0));
      this.down = false;
    } else if (this.down) this.answerDown(req);
    else if (req.kind === 'run') {
      const s = this.need();
      const at = this.elapsed();
      const result = s.run(req.line);
      const answer = () => this.post({ kind: 'ran', result, prompt: s.prompt(), at });
      if (result.wait) this.waitOut(result, at, answer);
      else answer();
    } else if (req.kind === 'complete') {
      this.post({ kind: 'names', names: completionNames(this.need().server) });
    } else if (req.kind === 'copy') {
      this.copy(this.need().copies.text(req.ref));
    } else {
      this.post({ kind: 'exported', lines: exportCommands(this.need().server) });
    }
  }

  /** A request while no server stands (its start failed): nothing runs, and nothing waits. */
  private answerDown(req: Exclude<HostRequest, { kind: 'start' }>): void {
    if (req.kind === 'run') {
      const result: RunResult = {
        lines: [{ kind: 'refused', text: NO_SERVER_TEXT }],
        clear: false,
        refused: true,
        command: null,
        error: false,
      };
      this.post({ kind: 'ran', result, prompt: `${PROMPT}> `, at: this.elapsed() });
    } else if (req.kind === 'complete') this.post({ kind: 'names', names: [] });
    // nothing was printed by a server that never started
    else if (req.kind === 'copy') this.copy({ gone: 'replaced' });
    else throw new Error("the console's server did not start");
  }

  /** Answers a copy: its text a part a message, each its own task on the page, then the end. */
  private copy(text: CopyText): void {
    if ('gone' in text) {
      this.post({ kind: 'copied', gone: text.gone });
      return;
    }
    for (const part of text.parts) this.post({ kind: 'copy-part', text: part });
    this.post({ kind: 'copied' });
  }

  /** Ends any wait (the page let this host go: Stop, or the console closed). */
  dispose(): void {
    if (this.waiting !== null) clearTimeout(this.waiting);
    this.waiting = null;
  }

  /**
   * A line whose client waits: the page is told at once, and its lines follow once the
   * server's clock has passed the timeout, with the time redis-cli prints after a command
   * that took half a second or more; a wait for ever is never answered (Stop ends it). The
   * server's clock moves with real time here, so the wait takes as long as on a real server,
   * and the worker stays free meanwhile.
   */
  private waitOut(result: RunResult, at: number, answer: () => void): void {
    const wait = result.wait!;
    this.post({ kind: 'blocked', wait });
    const until = wait.until;
    if (until === null) return;
    const server = this.need().server;
    const check = () => {
      this.waiting = null;
      const left = until - server.now();
      if (left >= 0) {
        this.waiting = setTimeout(check, Math.min(left + 1, WAIT_CHECK_MS));
        return;
      }
      const took = this.elapsed() - at;
      if (took >= 500)
        result.lines.push({ kind: 'output', text: `(${(took / 1000).toFixed(2)}s)` });
      answer();
    };
    check();
  }

  private need(): ConsoleSession {
    if (!this.session) throw new Error('the console was asked to run before it started');
    return this.session;
  }

  /** The fork's clock: ms since it began. */
  private elapsed(): number {
    return sharedNow() - this.origin;
  }

  private start(
    spec: ForkSpec,
    origin: number,
    replay: readonly RanLine[],
    generation: number,
  ): Started {
    this.origin = origin;
    // a replayed line reads the clock from where it first began, and it moves as the line runs;
    // after the replay the clock is the fork's own again, where the earlier server's stood
    let replaying: { at: number; since: number } | null = null;
    const { server, user, notes } = forkOf(spec, () =>
      replaying ? replaying.at + (performance.now() - replaying.since) : this.elapsed(),
    );
    // the line the page was last told the running script stands at (a start says line 1), and
    // when (see AT_EVERY_MS)
    let told = { line: 1, at: -Infinity };
    const observer: ScriptObserver = {
      started: (script) => {
        told = { line: 1, at: -Infinity };
        this.post({
          kind: 'script',
          event: 'started',
          name: script.name,
          run: script.kind,
          busy: server.busyState(script),
        });
      },
      wrote: () => this.post({ kind: 'script', event: 'wrote' }),
      unwrote: () => this.post({ kind: 'script', event: 'unwrote' }),
      at: (line) => {
        if (line === told.line) return;
        const now = performance.now();
        if (now - told.at < AT_EVERY_MS) return;
        told = { line, at: now };
        this.post({ kind: 'script', event: 'at', line });
      },
    };
    server.scriptObserver = observer;
    // one command is never cut short, so one too big for where it runs is refused before it
    // runs: on the page's thread, which cannot answer meanwhile, sooner than in the worker,
    // whose line limit cannot end it (the page's watchdog would, long after)
    server.commandWorkCap = this.onPage ? PAGE_COMMAND_WORK : LINE_COMMAND_WORK;
    server.commandCapReason = this.onPage ? 'page-thread' : 'time-limit';
    // on the page's thread a line has the page's limit, as the stepper's runs there have
    const session = new ConsoleSession(
      server,
      user,
      this.onPage ? PAGE_TIME_LIMIT_MS : LINE_TIME_LIMIT_MS,
      new CopyStore(generation),
    );
    this.session = session;
    const lines: LogLine[] = (notes ?? []).map((text) => ({ kind: 'note', text }));
    const typed: RanLine[] = [];
    for (const { line, at, steps } of replay) {
      replaying = at === undefined ? null : { at, since: performance.now() };
      const began = at ?? this.elapsed();
      const r = session.run(line, steps);
      if (!r.refused) typed.push({ line, at: began, steps: r.steps });
      if (r.clear) lines.length = 0;
      for (const l of r.lines) lines.push(l);
    }
    replaying = null;
    return {
      kind: 'started',
      user: session.user(),
      prompt: session.prompt(),
      lines,
      typed,
    };
  }
}
