/**
 * Fetches the islands' hydration code (React with it) through {@link loadChunk}, and survives its
 * failure. The code comes after the first paint as a chunk of its own, so it can hang, drop or be
 * gone after a redeploy like any lazy chunk. React is what did not arrive, so the message is plain
 * DOM: the failure in plain words above each big island, with Retry, and for a removed chunk a
 * reload that keeps the state in the URL. The lesson text stays readable throughout.
 */
import { ChunkLoadError, describeChunkFailure, loadChunk } from '../loading/index.ts';
import { failureNoticeElement } from '../components/failure-notice-element.ts';

/** The islands whose controls wait for this code, so the notice sits above each of them. */
const NOTICE_ABOVE = ['stepper', 'fate-picker'] as const;

/** The chunk in the lesson's words, as the notice names it. */
export const HYDRATION_WHAT = "the lesson's interactive parts";

/**
 * Loads the hydration with `load` and runs it; on failure shows the notice, whose Retry loads
 * again. `report` keeps the error in the console, as every other island failure does.
 */
export function loadHydration(
  load: () => Promise<{ hydrateIslands: () => void }>,
  doc: Document = document,
  report: (error: unknown) => void = (e) =>
    console.error('[hydration island] its code did not load', e),
): void {
  let notices: HTMLElement[] = [];
  let pending = false;
  const attempt = () => {
    if (pending) return; // a second Retry while the first is on its way
    pending = true;
    loadChunk(load, { what: HYDRATION_WHAT }).then(
      (m) => {
        pending = false;
        for (const n of notices) n.remove();
        notices = [];
        m.hydrateIslands();
      },
      (error: unknown) => {
        pending = false;
        report(error);
        for (const n of notices) n.remove();
        notices = NOTICE_ABOVE.flatMap((name) => {
          const island = doc.querySelector<HTMLElement>(`[data-island="${name}"]`);
          if (!island) return [];
          // a host of its own, as the lazy islands' notices have, so the island's markup stays
          // as the build wrote it and hydrates once the code comes
          const host = doc.createElement('div');
          host.dataset.islandFailure = name;
          host.append(noticeFor(doc, error, attempt));
          island.before(host);
          return [host];
        });
      },
    );
  };
  attempt();
}

/** The notice, as the islands' React FailureNotice draws it, in plain DOM. */
function noticeFor(doc: Document, error: unknown, retry: () => void): HTMLElement {
  const chunkError =
    error instanceof ChunkLoadError ? error : new ChunkLoadError('network', HYDRATION_WHAT, null);
  return failureNoticeElement(
    doc,
    [describeChunkFailure(chunkError)],
    [
      // a removed chunk comes back only with a reload; the state is in the URL, so it is kept
      ...(chunkError.kind === 'gone'
        ? [{ label: 'Reload the page', run: () => doc.location.reload() }]
        : []),
      { label: 'Retry', run: retry },
    ],
  );
}
