/**
 * Starting the simulated server's worker, for the console's server (`backend.ts`) and for a
 * stepper's runs (`off-thread.ts`) alike. One rule tells the two failures apart: a worker that
 * fails before its first answer never started (its file did not load, the page's policy refused
 * it, it threw as it began, or the browser would make none), and the page does its work itself
 * from then on; one that fails after it answered failed at the work it was given. Why it never
 * started is found here too, once, so the console and the stepper say the same.
 */
import { watchRefusals } from '../loading/index.ts';
import {
  bootstrapFailure,
  DIAGNOSIS_WAIT_MS,
  diagnoseWorkerFailure,
  WorkerNotStarted,
  type WorkerFailure,
} from './worker-failure.ts';

/**
 * Makes a worker; throws where the page can make none (an old browser, a host's policy; a
 * {@link WorkerNotStarted} says why in the lesson's terms). `viaBlob`: the worker starts from a
 * `blob:` bootstrap (a custom element on another origin), whose failures the page's policy
 * explains (`bootstrapFailure`).
 */
export type WorkerFactory = (() => Worker) & { readonly viaBlob?: boolean };

/** What a started worker tells its owner. */
export interface WorkerEvents<R> {
  /** its first answer arrived: it started (told once, before that answer) */
  started?: () => void;
  /** each answer it sends */
  message: (reply: R) => void;
  /**
   * it never started, and is ended: told at once (the page takes over), with `why` settling
   * on the cause within {@link DIAGNOSIS_WAIT_MS} (the network, no answer, if none was found)
   */
  didNotStart: (why: Promise<WorkerFailure>) => void;
  /** it failed after it had answered; without this, the browser reports the error as its own */
  failed?: (event: Event) => void;
}

/**
 * Makes the worker from `url` with `make` and tells `on` its answers and its failures. Answers
 * the worker, or null when none could be made (`on.didNotStart` was told, before this returns).
 */
export function startWorker<R>(
  make: WorkerFactory,
  url: string,
  on: WorkerEvents<R>,
): Worker | null {
  // the policy's reports of a refused file, while the worker loads: why it did not start
  const watch = watchRefusals();
  let w: Worker;
  try {
    w = make();
  } catch (e) {
    watch.stop();
    if (e instanceof WorkerNotStarted) {
      on.didNotStart(Promise.resolve(e.failure));
      return null;
    }
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    on.didNotStart(Promise.resolve({ kind: 'unavailable', url, message }));
    return null;
  }
  let state: 'starting' | 'up' | 'ended' = 'starting';
  w.onmessage = (e: MessageEvent<R>) => {
    if (state === 'starting') {
      state = 'up';
      watch.stop();
      on.started?.();
    }
    on.message(e.data);
  };
  w.onerror = (e: Event) => {
    if (state === 'ended') return;
    if (state === 'up') {
      if (!on.failed) return;
      e.preventDefault();
      on.failed(e);
      return;
    }
    e.preventDefault();
    state = 'ended';
    w.terminate();
    on.didNotStart(
      diagnosed(url, e, watch).then((f) => bootstrapFailure(f, make.viaBlob === true)),
    );
  };
  return w;
}

/** Why the worker did not start, within {@link DIAGNOSIS_WAIT_MS}; the watch ends after. */
function diagnosed(
  url: string,
  event: Event,
  watch: ReturnType<typeof watchRefusals>,
): Promise<WorkerFailure> {
  const unknown: WorkerFailure = { kind: 'network', url, status: null };
  const within = new Promise<WorkerFailure>((resolve) =>
    setTimeout(() => resolve(unknown), DIAGNOSIS_WAIT_MS),
  );
  return Promise.race([diagnoseWorkerFailure(url, event, watch.refusals), within])
    .catch(() => unknown)
    .finally(() => watch.stop());
}
