/**
 * Starts a course package's runtime when, and only when, a platform launched the page: the page
 * must be a package (its `<meta>`), and the platform must be there (a SCORM API on a parent or
 * opener window; a cmi5 launch's five parameters). Then the runtime comes as a lazy chunk. The
 * web lesson, and a package's page opened from its files, run as they always do.
 */
import { loadChunk } from '../loading/index.ts';
import { launchedPackage } from './kinds.ts';
import { CMI5_LAUNCH_PARAMS } from './launch-params.ts';
import { findScormApi } from './scorm-api.ts';

/** True when `search` carries every cmi5 launch parameter. */
export function isCmi5Launch(search: string): boolean {
  const params = new URLSearchParams(search);
  return CMI5_LAUNCH_PARAMS.every((p) => (params.get(p) ?? '') !== '');
}

const quiet = (what: string) => (error: unknown) =>
  // the lesson itself works on: what the platform is not told is said in the console
  console.info(`[lms] ${what} could not start; the lesson runs without the platform:`, error);

/** Looks for the platform that launched the page, and starts its runtime if there is one. */
export function startPlatform(win: Window = window): void {
  const kind = launchedPackage(win.document);
  if (kind === null) return;
  if (kind === 'cmi5') {
    if (!isCmi5Launch(win.location.search)) return;
    loadChunk(() => import('./cmi5.ts'), { what: 'the cmi5 runtime' }).then(
      (m) => m.startCmi5({ win }),
      quiet('the cmi5 runtime'),
    );
    return;
  }
  const version = kind === 'scorm12' ? '1.2' : '2004';
  const api = findScormApi(win, version === '1.2' ? 'API' : 'API_1484_11');
  if (!api) return;
  loadChunk(() => import('./scorm-start.ts'), { what: 'the SCORM runtime' }).then(
    (m) => m.startScormWithLesson(version, api, win),
    quiet('the SCORM runtime'),
  );
}
