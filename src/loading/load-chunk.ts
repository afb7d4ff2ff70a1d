/**
 * Every lazily loaded chunk (the simulator, the editor, the compare view, the Lua engine) comes
 * through {@link loadChunk}: a dynamic import that gives up after a bounded wait, and a failure
 * that says which file failed and which of four things went wrong, so the page can offer the one action that helps.
 * Plain TypeScript (no React), so machines and components can both use it.
 */
import {
  askServer,
  findFailedFile,
  watchRefusals,
  type AskServer,
  type FileFailure,
  type Refusal,
} from './diagnose-chunk.ts';

/** How long a chunk may take before the learner is told and offered a retry. */
export const CHUNK_TIMEOUT_MS = 20_000;

/** Why a chunk did not arrive. */
export const CHUNK_FAILURES = ['timeout', 'gone', 'network', 'blocked'] as const;
export type ChunkFailure = (typeof CHUNK_FAILURES)[number];

/**
 * A chunk that did not load: `kind` says why, `what` names it in the lesson's words, `url` is
 * the file that failed (the chunk asked for, or one it imports), `status` the server's answer
 * for it and `directive` the policy's directive that refused it, when known.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkFailure,
    readonly what: string,
    readonly url: string | null,
    options?: { cause?: unknown; status?: number; directive?: string },
  ) {
    super(`${what}: ${kind}${url ? ` (${url})` : ''}`, options);
    this.status = options?.status ?? null;
    this.directive = options?.directive ?? null;
  }
  readonly status: number | null;
  readonly directive: string | null;
}

export interface LoadChunkOptions {
  /** the chunk in the lesson's words, e.g. "the scenario editor" */
  what: string;
  /** the bounded wait (default {@link CHUNK_TIMEOUT_MS}) */
  timeoutMs?: number;
  /** how to ask the server for a file while diagnosing a failure (a GET by default) */
  ask?: AskServer;
}

/**
 * The chunk's address in the browser's "Failed to fetch dynamically imported module: …": a
 * built chunk (`.js`), or a source module as the dev server serves it (`.ts`, `.tsx`).
 */
export function chunkUrlOf(error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.(?:m?js|tsx?))\b/.exec(text)?.[1] ?? null;
}

/**
 * Sorts a failed import by the file that failed: one the page's policy refused (`refusals`,
 * recorded while it loaded) is blocked; a file the server answers 404 (or 410) for is gone,
 * which on a static host means the site was redeployed under an open tab; anything else is the
 * network. The file is the chunk asked for or, when that one arrived, a chunk it imports.
 */
export async function classifyImportFailure(
  error: unknown,
  what: string,
  ask: AskServer = askServer,
  refusals: readonly Refusal[] = [],
): Promise<ChunkLoadError> {
  if (error instanceof ChunkLoadError) return error;
  const url = chunkUrlOf(error);
  const failed: FileFailure = url
    ? await findFailedFile(url, ask)
    : { kind: 'network', url, status: null };
  // looked at after the walk: the policy's event is a task of its own, queued by the refusal
  const refused = refusals[0];
  if (refused) {
    return new ChunkLoadError('blocked', what, refused.url, {
      cause: error,
      directive: refused.directive,
    });
  }
  return new ChunkLoadError(failed.kind, what, failed.url, {
    cause: error,
    status: failed.status ?? undefined,
  });
}

/**
 * Imports a chunk, waiting at most `timeoutMs`. Rejects with a {@link ChunkLoadError}; calling it
 * again is the retry (the browser fetches a failed module again, and a late one still in flight
 * is the same promise, so a retry after a timeout simply waits for it once more).
 */
export function loadChunk<T>(importer: () => Promise<T>, options: LoadChunkOptions): Promise<T> {
  const { what, timeoutMs = CHUNK_TIMEOUT_MS, ask } = options;
  const watch = watchRefusals();
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        watch.stop();
        reject(new ChunkLoadError('timeout', what, null));
      },
      Math.max(0, timeoutMs),
    );
    importer().then(
      (m) => {
        clearTimeout(timer);
        watch.stop();
        resolve(m);
      },
      (e: unknown) => {
        clearTimeout(timer);
        // a late failure after the timeout was told already: no need to ask the server
        if (timedOut) return;
        void classifyImportFailure(e, what, ask, watch.refusals).then((failure) => {
          watch.stop();
          reject(failure);
        });
      },
    );
  });
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What went wrong, in plain words, with the file that failed and the action that helps (one
 * that exists where the words are shown: by default a Retry button, or for a removed file the
 * reload). `retry` says how to try again where no button is (the console: the next line sent).
 */
export function describeChunkFailure(error: ChunkLoadError, retry = 'press Retry'): string {
  const what = capitalise(error.what);
  const url = error.url;
  switch (error.kind) {
    case 'timeout':
      return `${what} is taking too long to load (over ${Math.round(CHUNK_TIMEOUT_MS / 1000)} s). Check the connection, then ${retry}.`;
    case 'gone':
      return `${what} is no longer on the server: the lesson was updated since this page opened. Reload the page; your place is kept.${url ? ` (The server answered ${error.status ?? 404} for ${url}.)` : ''}`;
    case 'network':
      return `${what} could not be loaded: the connection failed. Check it, then ${retry}.${url ? ` (${error.status === null ? 'No answer came' : `The server answered ${error.status}`} for ${url}.)` : ''}`;
    case 'blocked':
      return `${what} could not be loaded: this page's Content-Security-Policy refused ${url ?? 'a file it needs'} (${error.directive ?? 'script-src'}). Trying again will not help; whoever runs this page must allow the lesson's address in that directive.`;
  }
}
