/**
 * Finds a SCORM platform's API object as the specifications say (SCORM 1.2 RTE §3.3.6.1,
 * SCORM 2004 RTE §3.1.2.1): this window, then each parent up to the top, then the top
 * window's opener and its parents. A window of another origin on the way is passed over.
 */

/** The API's name: `API` for SCORM 1.2, `API_1484_11` for SCORM 2004. */
export type ScormApiName = 'API' | 'API_1484_11';

/** The most windows walked up from one start (the specifications' examples stop at 500 or 7). */
const MAX_HOPS = 500;

function walk(start: Window | null, name: ScormApiName): object | null {
  let win = start;
  for (let hops = 0; win && hops < MAX_HOPS; hops++) {
    try {
      const api = (win as unknown as Record<string, unknown>)[name];
      if (api && typeof api === 'object') return api;
    } catch {
      // a window of another origin: its properties are not ours to read
    }
    if (win.parent === win) break;
    win = win.parent;
  }
  return null;
}

/** The platform's API object named `name`, or null when no window on the way has one. */
export function findScormApi(win: Window, name: ScormApiName): object | null {
  const found = walk(win, name);
  if (found) return found;
  let opener: Window | null = null;
  try {
    opener = win.top?.opener as Window | null;
  } catch {
    opener = null;
  }
  return walk(opener, name);
}
