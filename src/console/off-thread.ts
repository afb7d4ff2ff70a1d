/**
 * A stepper's runs, made in the simulated server's worker (the console's worker script, which
 * answers `trace-protocol.ts`'s requests too), so neither a learner's script that works for as
 * long as the step budget lets it nor a thousand-lease run ever holds the page; and the script
 * editor's compile checks, so the page never loads the simulator for them. Light: eager code
 * (the stepper's component) makes one of these; the worker is started while the learner reads
 * near the stepper (or at the first run), and the code that reads a run back is fetched with it.
 */
import { CHUNK_TIMEOUT_MS } from '../loading/index.ts';
import {
  OFF_THREAD_TIME_LIMIT_MS,
  OffThreadUnavailable,
  RunEnded,
  SimulatorFault,
  type OffThreadRuns,
  type RunResult,
} from '../stepper/index.ts';
import type { Executor, Scenario } from '../scenario/index.ts';
import type { CheckRequest, TraceReply, TraceRequest } from './trace-protocol.ts';
import { consoleWorkerFactory, consoleWorkerUrl, type CrossOrigin } from './worker-factory.ts';
import { thrownMessage, type WorkerFailure } from './worker-failure.ts';
import { startWorker, type WorkerFactory } from './worker-start.ts';

// why the worker did not start, as the console says it: the stepper says the same
export { workerFailureWords } from './worker-failure-words.ts';
export type { WorkerFailure } from './worker-failure.ts';

/**
 * A stepper's runs in a worker, or null where the page cannot make workers (a test's DOM).
 * `crossOrigin`: how a custom element on another origin's page may start it.
 */
export function stepperRunsInWorker(crossOrigin?: CrossOrigin): WorkerRuns | null {
  const make = consoleWorkerFactory(crossOrigin);
  return make ? new WorkerRuns(make, consoleWorkerUrl()) : null;
}

interface Making {
  id: number;
  /** whether the time limit ends this run (a learner's script) */
  limited: boolean;
  resolve: (run: RunResult) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Why a run ended that a worker which had answered before did not begin within `ms`. */
const notBegun = (ms: number) =>
  `the simulator's worker did not begin the run within ${ms / 1000} s (a busy machine?); the next run starts it afresh`;

/**
 * One worker, one run at a time. The time limit counts from when the worker begins the run
 * (`trace-started`), as a real server's `lua-time-limit` counts from the script's start, so the
 * time the worker's code takes to arrive is not the script's; that wait has the bound every
 * chunk has ({@link CHUNK_TIMEOUT_MS}), past which the page makes its runs itself.
 */
export class WorkerRuns implements OffThreadRuns {
  private worker: Worker | null = null;
  /** whether the worker has answered yet: until then a run waits for its code, with a chunk's bound */
  private up = false;
  /** set once the worker did not start: the page makes every run from then on */
  private failed: string | null = null;
  /** why it did not start, once found */
  private failure: WorkerFailure | null = null;
  private readonly listeners = new Set<() => void>();
  private next = 1;
  private making: Making | null = null;
  /** the compile checks asked and not yet answered */
  private readonly checks = new Map<
    number,
    { resolve: (error: string | null) => void; reject: (e: Error) => void }
  >();

  constructor(
    private readonly make: WorkerFactory,
    private readonly url: string,
  ) {}

  /**
   * Why the worker did not start (the same diagnosis the console gives of its own), once it is
   * found; null while the worker works, or has not been needed yet.
   */
  readonly whyNotStarted = (): WorkerFailure | null => this.failure;

  /** Tells `told` when {@link WorkerRuns.whyNotStarted} is found; answers how to stop telling. */
  readonly onNotStarted = (told: () => void): (() => void) => {
    this.listeners.add(told);
    return () => this.listeners.delete(told);
  };

  run(
    scenario: Scenario,
    executor: Executor,
    script: string | null,
    timeLimited = true,
  ): Promise<RunResult> {
    // the worker is busy with the run being made: only ending it ends that run
    this.end(new RunEnded('stopped'));
    const w = this.started();
    if (!w) return Promise.reject(new OffThreadUnavailable(this.failed ?? this.url));
    return new Promise<RunResult>((resolve, reject) => {
      const id = this.next++;
      // The run's own time begins when the worker begins it; until then, a chunk's bound. A
      // worker that never answered is a file that never arrived: the page makes its runs from
      // then on. One that has answered before and is only slow (a busy machine) is not: this
      // run ends with a message, and the next one is made in a fresh worker.
      const wasUp = this.up;
      const timer = setTimeout(
        () =>
          wasUp
            ? this.end(new Error(notBegun(CHUNK_TIMEOUT_MS)))
            : this.didNotStart(Promise.resolve({ kind: 'network', url: this.url, status: null })),
        CHUNK_TIMEOUT_MS,
      );
      this.making = { id, limited: timeLimited, resolve, reject, timer };
      const req: TraceRequest = { kind: 'trace', id, scenario, executor, script };
      w.postMessage(req);
    });
  }

  check(text: string): Promise<string | null> {
    const w = this.started();
    if (!w) return Promise.reject(new OffThreadUnavailable(this.failed ?? this.url));
    return new Promise<string | null>((resolve, reject) => {
      const id = this.next++;
      this.checks.set(id, { resolve, reject });
      const req: CheckRequest = { kind: 'check', id, text };
      w.postMessage(req);
    });
  }

  warm(): void {
    if (this.started()) void import('./run-transfer.ts').catch(() => {});
  }

  stop(): void {
    this.end(new RunEnded('stopped'));
  }

  dispose(): void {
    this.end(new RunEnded('stopped'));
    this.drop(new RunEnded('stopped'));
  }

  /** The worker, started if it was not; null once it could not start. */
  private started(): Worker | null {
    return this.failed === null ? this.connect() : null;
  }

  /** Ends the run being made, and with it the worker that is making it. */
  private end(e: Error): void {
    const cur = this.making;
    if (!cur) return;
    this.making = null;
    clearTimeout(cur.timer);
    this.drop(e);
    cur.reject(e);
  }

  /** Ends the worker: the checks it had yet to answer end with it. */
  private drop(e: Error): void {
    this.worker?.terminate();
    this.worker = null;
    for (const c of this.checks.values()) c.reject(e);
    this.checks.clear();
  }

  /** The worker never started: the page makes this run and every later one itself. */
  private didNotStart(why: Promise<WorkerFailure>): void {
    if (this.failed !== null) return;
    this.failed = `${this.url} did not start`;
    const e = new OffThreadUnavailable(this.failed);
    this.end(e);
    this.drop(e);
    void why.then((failure) => {
      this.failure = failure;
      for (const told of this.listeners) told();
    });
  }

  private connect(): Worker | null {
    if (this.worker) return this.worker;
    this.up = false;
    // null until made: a worker that cannot be made is told of before it would be
    let w: Worker | null = null;
    const mine = () => w === this.worker;
    w = startWorker<TraceReply>(this.make, this.url, {
      started: () => {
        if (mine()) this.up = true;
      },
      message: (r) => {
        if (mine()) this.receive(r);
      },
      didNotStart: (why) => {
        if (mine()) this.didNotStart(why);
      },
      failed: (e) => {
        if (mine())
          this.end(new Error(`the simulator's worker stopped: ${thrownMessage(e) ?? 'an error'}`));
      },
    });
    this.worker = w;
    return w;
  }

  private receive(r: TraceReply): void {
    if (r.kind === 'checked' || r.kind === 'check-failed') {
      const check = this.checks.get(r.id);
      this.checks.delete(r.id);
      if (r.kind === 'checked') check?.resolve(r.error);
      else check?.reject(new SimulatorFault(r.message));
      return;
    }
    const cur = this.making;
    if (!cur || r.id !== cur.id) return;
    if (r.kind === 'trace-started') {
      // the run's own time begins now; a run of the lesson's ends by itself
      clearTimeout(cur.timer);
      if (cur.limited) {
        cur.timer = setTimeout(
          () => this.end(new RunEnded('time-limit')),
          OFF_THREAD_TIME_LIMIT_MS,
        );
      }
      return;
    }
    this.making = null;
    clearTimeout(cur.timer);
    if (r.kind === 'trace-failed') {
      // the simulator's own fault, told as one: not a file that failed to arrive
      cur.reject(new SimulatorFault(r.message));
      return;
    }
    import('./run-transfer.ts').then(
      (m) => cur.resolve(m.unpackRun(r.run)),
      (e: unknown) => cur.reject(e instanceof Error ? e : new Error(String(e))),
    );
  }
}
