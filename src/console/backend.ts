/**
 * The page's side of a console: it sends lines to the side that holds the server (a worker,
 * or the page itself where no worker can be made) and hands each answer back. While a line
 * runs in a worker the page stays responsive, knows whether a script is running, and sends a
 * line typed meanwhile to the console's second client (`second-client.ts`), whose server
 * answers it as a busy server would; when that answer kills the script (SCRIPT KILL, FUNCTION
 * KILL) or shuts the server down (SHUTDOWN NOSAVE), the page ends the line by ending the worker
 * and starting another. Nothing here loads the simulator: the page's own server (`page-port.ts`)
 * is loaded, lazily, only where no worker starts (the dependency rule
 * `console-page-never-loads-the-server`).
 */
import { cutLine } from '../content/shown-cut.ts';
import type { ChunkLoadError } from '../loading/index.ts';
import type { HostReply, HostRequest, Started, RanLine } from './console-host.ts';
import type { BusyState } from '@batch-lease/redis-sim';
import { formatCliReply, killCommand, scriptKilledText } from '@batch-lease/redis-sim/client';
import type { ForkSpec } from './fork-spec.ts';
import { lineFaultCauseText, lineFaultText, startFaultText } from './fault.ts';
import { LINE_TIME_LIMIT_MS } from './line-limits.ts';
import { onPage, onPageWorker, type PagePort } from './page-port.ts';
import { SecondClient } from './second-client.ts';
import type { CopyRef, CopyText } from './copy-store.ts';
import type { BlockedLine, LogLine, RunResult } from './session.ts';
import { sharedNow } from './shared-clock.ts';
import { thrownMessage, type WorkerFailure } from './worker-failure.ts';
import { startWorker, type WorkerFactory } from './worker-start.ts';

/** A line's answer: what it printed and the prompt after it. */
export type LineDone = (result: RunResult, prompt: string) => void;

/**
 * A script the running line runs: EVAL's (named by its SHA) or a function FCALL runs (named by
 * the name it was registered with); whether it has written, and the line it stands at.
 */
export interface RunningScript {
  name: string;
  kind: 'eval' | 'function';
  wrote: boolean;
  at: number;
}

/** The line running now, the script it runs, if any, and the wait its client is in, if any. */
export interface Running {
  line: string;
  script: RunningScript | null;
  /** set while a blocking command (BLPOP, …) waits out its timeout, or for ever */
  blocked: BlockedLine | null;
}

/**
 * The killed script's reply, as redis-cli prints it: the simulator's own text (checked on
 * redis-server 7.0.15 by tests/differential/console-busy.test.ts), from its light entry, since
 * the worker whose server ran the script is ended with it.
 */
const killedText = ({ name, kind, at }: RunningScript) =>
  formatCliReply({ error: scriptKilledText(name, kind, at) });

/**
 * How long the page waits for a line before it ends the worker itself: past the line's own
 * limit (which ends any script), with room for a slow machine. One command is never cut short,
 * but one too big for the line's limit is refused before it runs (the worker's cap on one
 * command's work, `LINE_COMMAND_WORK`), so only work the simulator does not count gets here.
 */
export const WATCHDOG_MS = 3 * LINE_TIME_LIMIT_MS;

/** A console's connection to its server. */
export class ConsoleBackend {
  private worker: Worker | null = null;
  /** the page's own server, where no worker runs it (loaded on the page only then) */
  private host: PagePort | null = null;
  /**
   * set when the page's server's chunk did not come: the requests sent wait, and the next one
   * sent loads it again (so a line typed after the failure is the retry, and nothing is lost)
   */
  private hostFailed = false;
  /**
   * the requests not answered yet, in the order they were sent, each with its answer: kept
   * whole so that a worker that never started leaves nothing lost, as the page sends them again
   */
  private readonly waiting: { req: HostRequest; answer: (reply: HostReply) => void }[] = [];
  /**
   * set once a worker failed to start (its file missing, refused by the page's policy, or
   * throwing as it began): the page runs the server from then on, since another would fail alike
   */
  private workerFailed = false;
  /** counts connections: a diagnosis that ends after the console connected again is dropped */
  private generation = 0;
  private spec: ForkSpec | null = null;
  /** when the fork's clock began ({@link sharedNow}): a new worker's clock goes on from it */
  private origin = 0;
  /**
   * every line sent since the fork, in order, with when it began and the work it did: what a
   * new worker replays, each line on the clock it first read, to stand where this one stood
   */
  private sent: RanLine[] = [];
  private prompt = '127.0.0.1:6379> ';
  private current:
    (Running & { done: LineDone; timer: ReturnType<typeof setTimeout> | null }) | null = null;
  /**
   * what another client meets while the running line's script runs, as its server told it
   * (and whether it has written since)
   */
  private busy: BusyState | null = null;
  /** the client a line typed meanwhile is sent as (made when the console's first script starts) */
  private second: SecondClient | null = null;

  /** told whenever the running line or its script changes */
  onChange: () => void = () => {};

  /**
   * told once, when the worker did not start and the page took over its server: the file that
   * failed and why, for the console to say (the lines sent meanwhile are answered all the same)
   */
  onWorkerFailed: (failure: WorkerFailure) => void = () => {};

  /**
   * told when the page's own server could not be loaded (its chunk gone, the connection, the
   * page's policy): the error (a ChunkLoadError, naming the file that failed). What was sent
   * waits, and is sent again with the next request.
   */
  onPageFailed: (error: ChunkLoadError) => void = () => {};

  /** `workerUrl` is the worker's file, named when it fails to start. */
  constructor(
    private readonly makeWorker: WorkerFactory | null,
    private readonly workerUrl = '',
  ) {}

  /**
   * The line running now (in a worker, or waiting out a blocking command's timeout), or null.
   * A line sent while no server is up (a failed worker being diagnosed, the page's own server
   * still loading, or failed to load) is not running: it waits its turn, and a line typed after
   * it is sent behind it, not to the second client.
   */
  get running(): Running | null {
    const cur = this.current;
    if (!cur || (!this.worker && !this.host?.up)) return null;
    return { line: cur.line, script: cur.script, blocked: cur.blocked };
  }

  /** Whether lines run off the page's thread. */
  get inWorker(): boolean {
    return this.worker !== null;
  }

  /**
   * Whether a line's answer comes later than it is sent: it runs in a worker, or no server is
   * up yet (a failed worker being diagnosed, the page's own server loading, or failed to load).
   */
  get answersLater(): boolean {
    return !this.host?.up;
  }

  /**
   * Forks afresh and replays `replay` on it. `failed` is told what the simulator threw when it
   * failed as it started the server (then no server stands, and a line sent is refused).
   */
  start(
    spec: ForkSpec,
    replay: readonly string[],
    done: (s: Started) => void,
    failed: (message: string) => void = () => {},
  ): void {
    this.reset();
    this.spec = spec;
    this.origin = sharedNow();
    this.second?.forked(spec, this.origin);
    this.connect();
    const lines = replay.map((line): RanLine => ({ line }));
    const generation = this.generation;
    this.send({ kind: 'start', spec, origin: this.origin, replay: lines, generation }, (r) => {
      if (r.kind === 'failed') failed(r.message);
      if (r.kind !== 'started') return;
      this.sent = [...r.typed];
      this.prompt = r.prompt;
      done(r);
    });
  }

  /** Runs one typed line. */
  run(line: string, done: LineDone): void {
    if (this.worker) {
      const timer = setTimeout(() => this.endLine('watchdog'), WATCHDOG_MS);
      this.current = { line, script: null, blocked: null, done, timer };
      this.onChange();
    } else {
      // the page answers at once, unless the line's client waits (then it runs on, as in a worker)
      this.current = { line, script: null, blocked: null, done, timer: null };
    }
    this.send({ kind: 'run', line }, (r) => {
      if (r.kind !== 'ran') return;
      this.finishLine();
      if (!r.result.refused) this.sent.push({ line, at: r.at, steps: r.result.steps });
      this.prompt = r.prompt;
      done(r.result, r.prompt);
    });
  }

  /**
   * The names Tab completes; `failed` is told what the simulator threw when it failed as it
   * listed them (then there are none).
   */
  complete(done: (names: string[]) => void, failed: (message: string) => void = () => {}): void {
    this.send({ kind: 'complete' }, (r) => {
      if (r.kind === 'names') done(r.names);
      else if (r.kind === 'failed') failed(r.message);
    });
  }

  /**
   * The keyspace and scripts as redis-cli commands; `failed` is told what the simulator threw
   * when it failed as it wrote them out.
   */
  exportCommands(done: (lines: string[]) => void, failed: (message: string) => void): void {
    this.send({ kind: 'export' }, (r) => {
      if (r.kind === 'exported') done(r.lines);
      else if (r.kind === 'failed') failed(r.message);
    });
  }

  /**
   * The whole text of a cut output (Copy all), asked of the server side that keeps it: its
   * parts in order, or why it is gone. A copy printed by a server since replaced (Stop, a kill,
   * SHUTDOWN NOSAVE from the second client, the simulator's fault: each starts another) is gone
   * at once; one asked while a line runs is answered after it, or gone if the line is ended.
   */
  copy(ref: CopyRef, done: (answer: CopyText | { failed: string }) => void): void {
    if (ref.generation !== this.generation) {
      done({ gone: 'replaced' });
      return;
    }
    const parts: string[] = [];
    this.send({ kind: 'copy', ref }, (r) => {
      if (r.kind === 'copy-part') parts.push(r.text);
      else if (r.kind === 'copied') done(r.gone ? { gone: r.gone } : { parts });
      else if (r.kind === 'failed') done({ failed: r.message });
    });
  }

  /**
   * A line typed while another runs, as a second client's would be: sent to the console's
   * second client, whose server answers it as the simulator answers a client of a busy server
   * (BUSY, unless the command is one a real server lets through: MULTI, WATCH, AUTH, FUNCTION
   * STATS, SCRIPT KILL, …); a kill it accepts, or SHUTDOWN NOSAVE, ends the running line.
   * `answered` is told the lines to print for it, or null when no other client can take it now
   * (no script runs, or its script has not yet said what another client meets, and the line
   * is not one whose answer the server's data cannot change): the line waits.
   */
  interject(line: string, answered: (lines: LogLine[] | null) => void): void {
    const cur = this.current;
    if (!cur) {
      answered(null);
      return;
    }
    const busy = cur.script ? this.busy : null;
    this.secondClient().ask(line, busy, ({ lines, ends }) => {
      // the line it was typed during may have ended meanwhile: then there is nothing to end
      if (ends === 'killed' && this.current === cur) this.endLine('killed');
      else if (ends === 'shutdown' && this.current === cur) this.shutdownNosave();
      answered(lines);
    });
  }

  /**
   * Stop: on a script, what another client would type to end it (SCRIPT KILL, or FUNCTION
   * KILL), sent as the second client's line, so it answers as that would (OK, or UNKILLABLE
   * after a write); `answered` is told what it printed. On a line that runs no script (a long
   * command, a client waiting), redis-cli's Ctrl-C.
   */
  kill(answered: (lines: LogLine[]) => void = () => {}): void {
    const cur = this.current;
    if (!cur) return;
    if (!cur.script) {
      this.endLine('stopped');
      return;
    }
    this.interject(killCommand(cur.script.kind), (lines) => {
      // no second client answered: the console ends the line itself, as Ctrl-C would
      if (lines === null && this.current === cur) this.endLine('stopped');
      answered(lines ?? []);
    });
  }

  /** Stop on a line that runs no script (a long command, a client waiting): Ctrl-C in redis-cli. */
  stop(): void {
    if (this.current) this.endLine('stopped');
  }

  /**
   * SHUTDOWN NOSAVE from another client (what the second client's answer tells): the server
   * goes down and comes back empty.
   */
  shutdownNosave(): void {
    if (this.current) this.endLine('shutdown');
  }

  /** Ends the workers (the component unmounts). */
  dispose(): void {
    this.reset();
    this.second?.dispose();
    this.second = null;
  }

  /** The console's second client, made on first need and told the fork. */
  private secondClient(): SecondClient {
    if (!this.second) {
      const make = this.makeWorker && !this.workerFailed ? this.makeWorker : null;
      this.second = new SecondClient(make, this.workerUrl, onPageWorker);
      if (this.spec) this.second.forked(this.spec, this.origin);
    }
    return this.second;
  }

  private connect(): void {
    const generation = ++this.generation;
    if (this.makeWorker && !this.workerFailed) {
      // an error before the worker's first answer: its file did not load, or it threw as it
      // began. (One after it is up is a line's own: the watchdog ends that line.)
      this.worker = startWorker<HostReply>(this.makeWorker, this.workerUrl, {
        message: (r) => this.receive(r),
        didNotStart: (why) => {
          if (generation === this.generation) this.workerDidNotStart(why);
        },
        // an error the worker did not answer for itself (thrown outside a request's handling)
        failed: (e) => {
          if (generation === this.generation)
            this.receive({ kind: 'failed', message: thrownMessage(e) ?? 'an error' });
        },
      });
      // none made (an old browser, a host page's policy): told already, as a failed start is
      return;
    }
    // no worker here (a test's DOM), or it failed before: the page runs the server
    this.connectOnPage();
  }

  /**
   * The page's own server takes the worker's place: its chunk is loaded (only now), and every
   * request not yet answered is sent to it, in order: the fork, its replay and any line typed
   * meanwhile, so nothing typed is lost.
   */
  private connectOnPage(): void {
    const generation = this.generation;
    this.hostFailed = false;
    this.host = onPage(
      (r) => this.receive(r as HostReply),
      (error) => {
        if (generation !== this.generation) return;
        this.host = null;
        this.hostFailed = true;
        this.onPageFailed(error);
      },
    );
    for (const { req } of this.waiting) this.host.post(req);
  }

  /**
   * The worker failed before it answered (or none could be made): once the cause is found
   * (the server and the page's policy are asked, by {@link startWorker}) it is told,
   * and the page takes over with a server of its own, to which every request not yet answered
   * is sent again, in order: the fork, its replay and any line typed meanwhile, so nothing
   * typed is lost.
   */
  private workerDidNotStart(why: Promise<WorkerFailure>) {
    this.worker = null;
    this.workerFailed = true;
    const generation = this.generation;
    void why.then((failure) => {
      if (generation !== this.generation) return;
      this.onWorkerFailed(failure);
      this.connectOnPage();
    });
  }

  private send(req: HostRequest, answer: (r: HostReply) => void): void {
    this.waiting.push({ req, answer });
    if (this.worker) this.worker.postMessage(req);
    else if (this.host) this.host.post(req);
    // the page's server did not load: this request is the retry, sending every one waiting
    else if (this.hostFailed) this.connectOnPage();
    // neither: a failed worker is being diagnosed, and the page sends the request once it takes over
  }

  private receive(r: HostReply): void {
    if (r.kind === 'failed') {
      // requests are answered in the order sent, so the fault is the oldest one's: a line's
      // ends, truthfully told, on a server started afresh; any other (the fork, completions,
      // an export) is answered with it, so nothing waits for ever
      const oldest = this.waiting[0];
      if (this.current && (!oldest || oldest.req.kind === 'run')) this.endLine('failed', r.message);
      else this.waiting.shift()?.answer(r);
      return;
    }
    if (r.kind === 'blocked') {
      const cur = this.current;
      if (!cur) return;
      // the wait is the command's own, as long as its timeout: no watchdog ends it
      if (cur.timer) clearTimeout(cur.timer);
      cur.timer = null;
      cur.blocked = r.wait;
      this.onChange();
      return;
    }
    if (r.kind === 'script') {
      const cur = this.current;
      if (!cur) return;
      if (r.event === 'started') {
        cur.script = { name: r.name, kind: r.run, wrote: false, at: 1 };
        this.busy = r.busy;
        // the second client's worker starts with the first script, so it is up (or nearly)
        // when a line is typed while one runs
        this.secondClient();
      } else if (cur.script && (r.event === 'wrote' || r.event === 'unwrote')) {
        // a kill the second client is sent from now on answers UNKILLABLE, or no longer does
        // (the write command the script started was refused by the simulator's cap, unwritten)
        const wrote = r.event === 'wrote';
        cur.script.wrote = wrote;
        if (this.busy) this.busy = { ...this.busy, script: { ...this.busy.script, wrote } };
      } else if (cur.script && r.event === 'at') {
        cur.script.at = r.line;
        return; // not worth a render
      }
      this.onChange();
      return;
    }
    // a copy's parts come before its end, all answering the oldest request (the copy)
    if (r.kind === 'copy-part') this.waiting[0]?.answer(r);
    else this.waiting.shift()?.answer(r);
  }

  /**
   * Lets go of the requests not answered, as their server is ended: a copy asked of it is
   * answered as gone, since the server that kept it is gone (the others are asked again, or
   * their askers started afresh).
   */
  private dropWaiting(): void {
    const dropped = this.waiting.splice(0);
    for (const { req, answer } of dropped)
      if (req.kind === 'copy') answer({ kind: 'copied', gone: 'replaced' });
  }

  private finishLine(): void {
    this.busy = null;
    this.second?.end();
    if (!this.current) return;
    if (this.current.timer) clearTimeout(this.current.timer);
    this.current = null;
    this.onChange();
  }

  /**
   * Ends the running line by ending its worker: a new worker replays the lines sent before it
   * (so it stands where the old one stood before the line), or, for SHUTDOWN NOSAVE, starts
   * from the fork and shuts down, as the real server would come back with nothing.
   */
  private endLine(why: Ended, fault = ''): void {
    const cur = this.current;
    const spec = this.spec;
    if (!cur || !spec) return;
    // cut as every shown line is: shown where the page answers at once (a wait it ends)
    const echo: LogLine = { kind: 'input', text: cutLine(`${this.prompt}${cur.line}`) };
    const lines: LogLine[] = [echo];
    if (why === 'failed') {
      // said once the new server has started (or has not)
    } else if (why === 'killed' && cur.script) {
      lines.push({ kind: 'output', text: killedText(cur.script) });
    } else if (why === 'stopped' && cur.blocked) {
      lines.push({ kind: 'note', text: stoppedWait(cur.blocked) });
    } else if (why === 'stopped' || why === 'watchdog') {
      lines.push({
        kind: 'note',
        text:
          why === 'stopped'
            ? 'Stopped: the console ended this line, as Ctrl-C ends redis-cli; the server stands as it did before it.'
            : watchdogText(),
      });
    }
    const replay = why === 'shutdown' ? [] : [...this.sent];
    const done = cur.done;
    this.finishLine();
    this.worker?.terminate();
    this.worker = null;
    this.host?.end();
    this.host = null;
    this.dropWaiting();
    this.connect();
    const generation = this.generation;
    this.send({ kind: 'start', spec, origin: this.origin, replay, generation }, (r) => {
      if (r.kind === 'failed') {
        // no server could be started in the old one's place: the line ends all the same
        if (why === 'failed') lines.push({ kind: 'note', text: lineFaultCauseText(fault) });
        lines.push({ kind: 'note', text: startFaultText(r.message) });
        done(result(lines, true, why), this.prompt);
        return;
      }
      if (r.kind !== 'started') return;
      this.prompt = r.prompt;
      if (why === 'failed') lines.push({ kind: 'note', text: lineFaultText(fault) });
      if (why !== 'shutdown') {
        done(result(lines, why === 'killed' || why === 'failed', why), r.prompt);
        return;
      }
      // the server comes back as SHUTDOWN NOSAVE leaves it; the session says so
      this.send({ kind: 'run', line: 'SHUTDOWN NOSAVE' }, (s) => {
        if (s.kind !== 'ran') return;
        // a later replay starts from the fork too, so it shuts down first
        this.sent = [{ line: 'SHUTDOWN NOSAVE', at: s.at }];
        this.prompt = s.prompt;
        const out = [
          ...lines,
          { kind: 'output' as const, text: 'Error: Server closed the connection' },
        ];
        for (const l of s.result.lines) if (l.kind !== 'input') out.push(l);
        done(result(out, false, why), s.prompt);
      });
    });
  }

  private reset(): void {
    this.generation++;
    this.busy = null;
    this.second?.end();
    if (this.current?.timer) clearTimeout(this.current.timer);
    this.current = null;
    this.worker?.terminate();
    this.worker = null;
    this.host?.end();
    this.host = null;
    this.hostFailed = false;
    this.dropWaiting();
  }
}

/**
 * What the log says of a line the watchdog ended: how long it ran, why the line's own limit did
 * not end it first, where the server stands, and what a real server would do.
 */
export function watchdogText(): string {
  return (
    `The line ran for ${WATCHDOG_MS / 1000} seconds without an answer: its work is in one step ` +
    `that the line's ${LINE_TIME_LIMIT_MS / 1000}-second limit cannot cut short (one command doing ` +
    'work the simulator does not count). The console ended it, and the server stands as it did before ' +
    'it. A real server would run the line to its end, whatever the wait.'
  );
}

/** What Stop says of a line whose client was waiting: it waited for nothing that could come. */
function stoppedWait(wait: BlockedLine): string {
  return (
    `Stopped: ${wait.command} was waiting ` +
    (wait.until === null ? 'for ever (a timeout of 0)' : 'for its timeout') +
    ', and no other client here could push to its keys. The console ended the wait, as Ctrl-C ' +
    'ends redis-cli; the server stands as it did before the line.'
  );
}

/** Why the page ended a running line. */
type Ended = 'killed' | 'stopped' | 'watchdog' | 'shutdown' | 'failed';

/**
 * A line the page ended: the learner ended it (Stop, a kill, SHUTDOWN NOSAVE), or the watchdog
 * did, or the simulator failed on it: those two as the simulator's own limits are (a link's
 * replay ends there, and is marked, so a reload holds the line rather than run it again).
 */
function result(lines: LogLine[], error: boolean, why: Ended): RunResult {
  const ended = why === 'watchdog' || why === 'failed' ? { limited: true } : { stopped: true };
  return { lines, clear: false, refused: false, command: null, error, ...ended };
}
