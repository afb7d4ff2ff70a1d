/**
 * Every lazily loaded chunk (the simulator, the editor, the compare view, the Lua engine) comes
 * through {@link loadChunk}: a dynamic import that gives up after a bounded wait, and a failure
 * that says which of three things went wrong, so the page can offer the one action that helps.
 * Plain TypeScript (no React), so machines and components can both use it.
 */

/** How long a chunk may take before the learner is told and offered a retry. */
export const CHUNK_TIMEOUT_MS = 20_000;

/** Why a chunk did not arrive. */
export const CHUNK_FAILURES = ['timeout', 'gone', 'network'] as const;
export type ChunkFailure = (typeof CHUNK_FAILURES)[number];

/** A chunk that did not load: `kind` says why, `what` names it in the lesson's words. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkFailure,
    readonly what: string,
    readonly url: string | null,
    options?: { cause?: unknown },
  ) {
    super(`${what}: ${kind}${url ? ` (${url})` : ''}`, options);
  }
}

export interface LoadChunkOptions {
  /** the chunk in the lesson's words, e.g. "the scenario editor" */
  what: string;
  /** the bounded wait (default {@link CHUNK_TIMEOUT_MS}) */
  timeoutMs?: number;
  /** how to ask whether a chunk's file is still on the server (a HEAD request by default) */
  probe?: (url: string) => Promise<number | null>;
}

/** The chunk's address in the browser's "Failed to fetch dynamically imported module: …". */
export function chunkUrlOf(error: unknown): string | null {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.m?js)\b/.exec(text)?.[1] ?? null;
}

/** The HTTP status of a HEAD request for `url`, or null when no answer came. */
async function headStatus(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.status;
  } catch {
    return null;
  }
}

/**
 * Sorts a failed import: a hashed chunk the server answers 404 (or 410) for is gone, which on a
 * static host means the site was redeployed under an open tab; anything else is the network.
 */
export async function classifyImportFailure(
  error: unknown,
  what: string,
  probe: (url: string) => Promise<number | null> = headStatus,
): Promise<ChunkLoadError> {
  if (error instanceof ChunkLoadError) return error;
  const url = chunkUrlOf(error);
  const status = url ? await probe(url) : null;
  const kind: ChunkFailure = status === 404 || status === 410 ? 'gone' : 'network';
  return new ChunkLoadError(kind, what, url, { cause: error });
}

/**
 * Imports a chunk, waiting at most `timeoutMs`. Rejects with a {@link ChunkLoadError}; calling it
 * again is the retry (the browser fetches a failed module again, and a late one still in flight
 * is the same promise, so a retry after a timeout simply waits for it once more).
 */
export function loadChunk<T>(importer: () => Promise<T>, options: LoadChunkOptions): Promise<T> {
  const { what, timeoutMs = CHUNK_TIMEOUT_MS, probe } = options;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('timeout', what, null)),
      Math.max(0, timeoutMs),
    );
    importer().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e: unknown) => {
        clearTimeout(timer);
        void classifyImportFailure(e, what, probe).then(reject);
      },
    );
  });
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What went wrong, in plain words, and the action that helps (one that exists on the page). */
export function describeChunkFailure(error: ChunkLoadError): string {
  const what = capitalise(error.what);
  switch (error.kind) {
    case 'timeout':
      return `${what} is taking too long to load (over ${Math.round(CHUNK_TIMEOUT_MS / 1000)} s). Check the connection, then press Retry.`;
    case 'gone':
      return `${what} is no longer on the server: the lesson was updated since this page opened. Reload the page; your place is kept.`;
    case 'network':
      return `${what} could not be loaded: the connection failed. Check it, then press Retry.`;
  }
}
