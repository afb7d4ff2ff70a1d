import { classifyImportFailure, describeChunkFailure } from '../loading/index.ts';
import { failureNoticeElement } from './failure-notice-element.ts';

/**
 * What a page served by the dev server (`npm start`) shows in `el` when its code (`what`, in the
 * lesson's words) did not load: on the dev server the page arrives empty and renders on the
 * client, so without this it stays blank. The failure is diagnosed and worded as every chunk's
 * is (`classifyImportFailure`, `describeChunkFailure`); the way out is a reload, since Vite
 * answers 504 "Outdated Optimize Dep" for a module of the dependency bundle it replaced while
 * the page loaded, and only a reload asks for the new one. The built site never reaches this: it
 * arrives pre-rendered and has its own notices.
 */
export async function showDevLoadFailure(
  el: HTMLElement,
  what: string,
  error: unknown,
): Promise<void> {
  console.error(`[dev] ${what} did not load`, error);
  const failure = await classifyImportFailure(error, what);
  const doc = el.ownerDocument;
  el.replaceChildren(
    failureNoticeElement(
      doc,
      [
        describeChunkFailure(failure, 'reload the page'),
        'On the dev server this is most often Vite re-bundling the dependencies as the page loaded; any other reason is in the terminal running npm start.',
      ],
      [{ label: 'Reload the page', run: () => doc.location.reload() }],
      'dev-load-failed',
    ),
  );
}
