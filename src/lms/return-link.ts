/**
 * The way back to a cmi5 platform. A platform that gives LaunchData a `returnURL` asks the AU to
 * send the learner there when the session ends (cmi5 §10.2.6): the lesson has no end of its own,
 * so the way out is a link in the course bar that ends the session (terminated, last) and then
 * takes this window or frame to the platform's page.
 */
import { lmsWords } from '../../content/lms.ts';

/** The platform's return address, when it is one a page may be sent to (http or https). */
export function returnUrlOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Puts the link in the course bar (or at the top of the page, if it has none). A plain click
 * ends the session first, then goes; a click that opens a new tab or window only opens it.
 */
export function showReturnLink(win: Window, url: string, end: () => void): HTMLAnchorElement {
  const doc = win.document;
  const link = doc.createElement('a');
  link.className = 'lms-return';
  link.href = url;
  link.textContent = lmsWords.returnToCourse;
  link.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    end();
    win.location.assign(url);
  });
  const bar = doc.querySelector('.site-header-inner');
  const toggle = bar?.lastElementChild ?? null;
  if (bar && toggle) bar.insertBefore(link, toggle);
  else doc.body.prepend(link);
  return link;
}
