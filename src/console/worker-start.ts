/**
 * Starting the simulated server's worker, for the console's server (`backend.ts`) and for a
 * stepper's runs (`off-thread.ts`) alike. One rule tells the two failures apart: a worker that
 * fails before its first answer never started (its file did not load, the page's policy refused
 * it, or it threw as it began), and the page does its work itself from then on; one that fails
 * after it answered failed at the work it was given.
 */

/** Makes a worker; throws where the page can make none (an old browser, a host's policy). */
export type WorkerFactory = () => Worker;

/** What a started worker tells its owner. */
export interface WorkerEvents<R> {
  /** its first answer arrived: it started (told once, before that answer) */
  started?: () => void;
  /** each answer it sends */
  message: (reply: R) => void;
  /** it failed before its first answer: it never started */
  didNotStart: (event: Event) => void;
  /** it failed after it had answered; without this, the browser reports the error as its own */
  failed?: (event: Event) => void;
}

/** Makes a worker with `make` (which may throw) and tells `on` its answers and its failures. */
export function startWorker<R>(make: WorkerFactory, on: WorkerEvents<R>): Worker {
  const w = make();
  let up = false;
  w.onmessage = (e: MessageEvent<R>) => {
    if (!up) {
      up = true;
      on.started?.();
    }
    on.message(e.data);
  };
  w.onerror = (e: Event) => {
    const told = up ? on.failed : on.didNotStart;
    if (!told) return;
    e.preventDefault();
    told(e);
  };
  return w;
}

/**
 * The message of an error the worker's code threw (an `ErrorEvent` with a message, and where),
 * or null for the bare event a worker that never loaded fires.
 */
export function thrownMessage(event: Event | null): string | null {
  if (!event || !('message' in event)) return null;
  const e = event as ErrorEvent;
  if (typeof e.message !== 'string' || e.message === '') return null;
  const where = e.filename ? ` (${e.filename}${e.lineno ? `:${e.lineno}` : ''})` : '';
  return `${e.message}${where}`;
}
