/**
 * Why a worker did not start, found out after the fact. A worker that fails to load fires one
 * bare `error` event on the page (the browser says nothing of the cause), so the cause is asked
 * of the two places that know it: this page's Content-Security-Policy, which reports the files
 * it refused (`securitypolicyviolation`, recorded by `watchRefusals`), and the server, asked
 * for the worker's file and the chunks it imports. A worker that loaded and then threw as it
 * started fires an `ErrorEvent` that carries the error's own message.
 */
import { askServer, findFailedFile, type AskServer, type Refusal } from '../loading/index.ts';

/** Why the console's worker did not start; `url` is the file that failed. */
export type WorkerFailure =
  /** the page's policy refused the file (`directive` names the rule) */
  | { kind: 'refused'; url: string; directive: string }
  /** the server answered 404 or 410: the site was redeployed under an open tab */
  | { kind: 'gone'; url: string; status: number }
  /** the server answered another error, or nothing (`status` null) */
  | { kind: 'network'; url: string; status: number | null }
  /** the file arrived and ran, and threw as it started */
  | { kind: 'threw'; url: string; message: string }
  /** the browser would not make a worker at all (`new Worker` threw: an old browser, a host's policy) */
  | { kind: 'unavailable'; url: string; message: string }
  /**
   * a custom element on another origin's page, without its `off-thread` attribute: no worker is
   * tried (a browser starts none from another origin's URL, and the `blob:` way round it is the
   * host's to allow), so the page runs the simulator
   */
  | { kind: 'not-asked'; url: string }
  /**
   * the element's `blob:` bootstrap did not start the worker while the server has its file: the
   * host page's policy refused the bootstrap, or the lesson's file inside it (a refusal in the
   * worker is reported to the worker, never to the page), so `worker-src` lacks `blob:` or the
   * lesson's origin
   */
  | { kind: 'blob-refused'; url: string };

/**
 * Thrown by a worker factory that knows, before it tries, why there will be no worker: the
 * failure it carries is what the console and the stepper say.
 */
export class WorkerNotStarted extends Error {
  override readonly name = 'WorkerNotStarted';
  constructor(readonly failure: WorkerFailure) {
    super(`${failure.url} not started: ${failure.kind}`);
  }
}

/**
 * What a bootstrapped worker's failure means (`viaBlob`: it was started from a `blob:` URL).
 * The page sees no refusal of its own bootstrap it can name (the policy reports `blob`, not a
 * file) and none at all of the import inside it, so when the server has every file (or could
 * not be asked), the policy is the cause; a file the server no longer has stays that.
 */
export function bootstrapFailure(f: WorkerFailure, viaBlob: boolean): WorkerFailure {
  if (!viaBlob) return f;
  if (f.kind === 'network' && f.status === null) return { kind: 'blob-refused', url: f.url };
  return f;
}

/** How long the server is asked before the diagnosis gives up on it (no answer: the network). */
export const DIAGNOSIS_WAIT_MS = 5_000;

/**
 * Finds why the worker from `url` failed, given the `error` event it fired and the refusals the
 * page's policy reported meanwhile. The refusals are read after the server was asked, since the
 * policy's event is a task of its own that may come after the worker's.
 */
export async function diagnoseWorkerFailure(
  url: string,
  event: Event | null,
  refusals: readonly Refusal[],
  ask: AskServer = askServer,
): Promise<WorkerFailure> {
  const threw = thrownMessage(event);
  if (threw !== null) return { kind: 'threw', url, message: threw };
  const bounded: AskServer = (u) =>
    Promise.race([
      ask(u),
      new Promise<{ status: null }>((resolve) =>
        setTimeout(() => resolve({ status: null }), DIAGNOSIS_WAIT_MS),
      ),
    ]);
  const failed = await findFailedFile(url, bounded);
  const refused = refusals.find((r) => r.url === url) ?? refusals[0];
  if (refused) return { kind: 'refused', url: refused.url, directive: refused.directive };
  if (failed.kind === 'gone') return { kind: 'gone', url: failed.url, status: failed.status };
  return { kind: 'network', url: failed.url ?? url, status: failed.status };
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
