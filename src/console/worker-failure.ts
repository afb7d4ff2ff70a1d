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
  | { kind: 'unavailable'; url: string; message: string };

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
