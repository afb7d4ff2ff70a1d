/**
 * The console's worker, made from the built worker chunk's URL through the page's Trusted
 * Types policy (the lesson's CSP requires one for `new Worker`). Null where the page has no
 * workers (a test's DOM): the console then runs its server on the page, with the same limits.
 * A custom element on another origin's page cannot start a worker from the lesson's origin;
 * the constructor throws there and the console falls back the same way (docs/reliability.md).
 */
import { trustedScriptUrl } from '../loading/index.ts';
import workerUrl from './console-worker.ts?worker&url';
import type { WorkerFactory } from './worker-start.ts';

/** The worker's file, as an absolute URL (what a failure to start it names). */
export function consoleWorkerUrl(): string {
  return new URL(workerUrl, import.meta.url).href;
}

/** The factory for this page, or null when it has no workers. */
export function consoleWorkerFactory(): WorkerFactory | null {
  if (typeof Worker === 'undefined') return null;
  return () => new Worker(trustedScriptUrl(workerUrl) as unknown as string, { type: 'module' });
}
