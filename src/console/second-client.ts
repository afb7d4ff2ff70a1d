/**
 * The page's side of the console's second client: a line typed while another runs is another
 * client's, as a second redis-cli's would be, and is answered by a server standing in for the
 * console's (`stand-in.ts`), which lives in a worker of its own, since the console's worker is
 * busy with the script. The page only sends the line and what the console's server told of
 * its running script, and hands back what the stand-in printed and whether it ended the running
 * line (SCRIPT KILL, FUNCTION KILL, SHUTDOWN NOSAVE): the simulator answers, never the page.
 * Nothing here loads the simulator (the dependency rule `second-client-never-loads-the-server`).
 */
import type { BusyState } from '@batch-lease/redis-sim';
import type { ForkSpec } from './fork-spec.ts';
import type { SecondEnd, SecondReply, SecondRequest } from './second-protocol.ts';
import type { LogLine } from './session.ts';
import { startWorker, type WorkerFactory } from './worker-start.ts';

/** What a line typed meanwhile printed (null: it cannot be answered now, and waits), and what it ended. */
export interface SecondAnswer {
  lines: LogLine[] | null;
  ends: SecondEnd | null;
}

/** The console's second client: one worker for the console's life, told of each fork. */
export class SecondClient {
  private worker: Worker | null = null;
  /** set once a worker from `make` failed to start: the stand-in runs where `onPage` makes it */
  private failed = false;
  private fork: { spec: ForkSpec; origin: number } | null = null;
  private next = 1;
  private readonly asked = new Map<number, (answer: SecondAnswer) => void>();

  /**
   * `make` makes the worker (from `url`), null where the page makes none; `onPage` makes the
   * same answerer on the page, as the console's own server is made there when no worker starts.
   */
  constructor(
    private readonly make: WorkerFactory | null,
    private readonly url: string,
    private readonly onPage: WorkerFactory,
  ) {}

  /** The console forked: the stand-in is made from the same fork (its worker started if need be). */
  forked(spec: ForkSpec, origin: number): void {
    this.fork = { spec, origin };
    if (this.worker) this.worker.postMessage(forkRequest(this.fork));
    else this.connect();
  }

  /**
   * Sends a line typed while the console's own line runs; `busy` is what the console's server
   * told of its running script, or null when none runs. `answered` is told once, in the order
   * the lines were sent.
   */
  ask(line: string, busy: BusyState | null, answered: (answer: SecondAnswer) => void): void {
    const w = this.connect();
    const id = this.next++;
    this.asked.set(id, answered);
    const req: SecondRequest = { kind: 'second-line', id, line, busy };
    w.postMessage(req);
  }

  /** The console's running line ended: the second client disconnects. */
  end(): void {
    const req: SecondRequest = { kind: 'second-end' };
    this.worker?.postMessage(req);
  }

  /** Ends the worker (the console closed). */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.asked.clear();
  }

  /** The worker, started (and told the fork) if it was not. */
  private connect(): Worker {
    if (this.worker) return this.worker;
    const make = this.make && !this.failed ? this.make : this.onPage;
    let w: Worker | null = null;
    const mine = () => w === this.worker;
    w = startWorker<SecondReply>(make, this.url, {
      message: (r) => {
        if (mine()) this.receive(r);
      },
      didNotStart: () => {
        // as the console's own server: the page answers from now on; the lines sent to the
        // worker that never started are lost with it, so they wait (back in the input). The
        // page's own answerer did not start when its chunk did not come: the next line loads it
        // again.
        if (!mine()) return;
        if (make !== this.onPage) this.failed = true;
        this.worker = null;
        this.settleAll();
      },
      failed: () => {
        // it broke at a line: the lines it had yet to answer wait, and a new one answers the next
        if (!mine()) return;
        this.worker?.terminate();
        this.worker = null;
        this.settleAll();
      },
    });
    this.worker = w;
    if (!w) {
      // none could be made (told already): the page's answerer, which is always made
      if (make === this.onPage) throw new Error('the console could not answer a second client');
      return this.connect();
    }
    if (this.fork) w.postMessage(forkRequest(this.fork));
    return w;
  }

  private receive(r: SecondReply): void {
    const answered = this.asked.get(r.id);
    this.asked.delete(r.id);
    answered?.({ lines: r.lines, ends: r.ends });
  }

  /** The lines not yet answered wait: their worker is gone. */
  private settleAll(): void {
    const waiting = [...this.asked.values()];
    this.asked.clear();
    for (const answered of waiting) answered({ lines: null, ends: null });
  }
}

function forkRequest(fork: { spec: ForkSpec; origin: number }): SecondRequest {
  return { kind: 'second-fork', spec: fork.spec, origin: fork.origin };
}
