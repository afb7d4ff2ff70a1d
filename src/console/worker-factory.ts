/**
 * The console's worker, made from the built worker chunk's URL through the page's Trusted
 * Types policy (the lesson's CSP requires one for `new Worker`). Null where the page has no
 * workers (a test's DOM): the console then runs its server on the page, with the same limits.
 *
 * A custom element on another origin's page cannot start a worker from the lesson's URL (the
 * constructor throws). With its `off-thread` attribute the worker starts from a `blob:`
 * bootstrap on the page's own origin that imports the lesson's worker with CORS
 * (`workerBootstrap`); the host's CSP must allow that (`worker-src blob: <lesson origin>`), and
 * a host that refuses it gets a refusal report for each try, which is why it is the host's
 * choice. Without the attribute nothing is tried, and the console and the stepper run on the
 * page and say so, as for any worker that did not start (docs/embedding.md).
 */
import { trustedScriptUrl, workerBootstrap } from '../loading/index.ts';
import workerUrl from './console-worker.ts?worker&url';
import { WorkerNotStarted } from './worker-failure.ts';
import type { WorkerFactory } from './worker-start.ts';

/** The worker's file, as an absolute URL (what a failure to start it names). */
export function consoleWorkerUrl(): string {
  return new URL(workerUrl, import.meta.url).href;
}

/** How a page of another origin than the lesson's may start the worker. */
export interface CrossOrigin {
  /**
   * from a `blob:` bootstrap (the custom element's `off-thread` attribute); otherwise no
   * worker is tried there. The lesson's own pages start theirs from its URL either way.
   */
  viaBlob: boolean;
}

/** The factory for this page, or null when it has no workers. */
export function consoleWorkerFactory(
  crossOrigin: CrossOrigin = { viaBlob: false },
): WorkerFactory | null {
  if (typeof Worker === 'undefined') return null;
  const url = consoleWorkerUrl();
  if (new URL(url).origin === globalThis.location?.origin) {
    return () => new Worker(trustedScriptUrl(url) as unknown as string, { type: 'module' });
  }
  if (!crossOrigin.viaBlob) {
    // nothing is tried, so a host's policy has nothing to refuse (and to report)
    return () => {
      throw new WorkerNotStarted({ kind: 'not-asked', url });
    };
  }
  const make = () => {
    const boot = workerBootstrap(url);
    let w: Worker;
    try {
      w = new Worker(boot.url as unknown as string, { type: 'module' });
    } catch (e) {
      boot.revoke();
      throw e;
    }
    // the blob is needed until the worker has loaded it: its first word, or its failure
    const done = () => boot.revoke();
    w.addEventListener('message', done, { once: true });
    w.addEventListener('error', done, { once: true });
    return w;
  };
  return Object.assign(make, { viaBlob: true });
}
