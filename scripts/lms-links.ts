// The links of a course package's page. A package is served from wherever the platform puts it
// (a deep path on the platform's origin), so a link must either resolve to a file inside the
// package, relatively, or be an absolute https URL. The site's own assets and in-page anchors
// are relative already (base './'). What is not in the package is the course's other pages
// (linked only when the site is built with VITE_COURSE_BASE): a root path there would 404 on the
// platform. They point to the live course instead (LMS_COURSE_URL, or VITE_COURSE_BASE when it
// is an absolute https URL); when the build knows no live course, their titles stay, as text.
// Every link that leaves the package opens in a new window: the package's own frame going
// elsewhere would end the learner's session (pagehide finishes it).

/** Where the packaged page's links go. */
export interface PackageLinks {
  /** the course base the page was rendered with (course-href.ts); null: it has no course links */
  courseBase: string | null;
  /** the live course's address the course base stands for, or null when none is known */
  courseUrl: string | null;
}

const isHttps = (url: string) => /^https:\/\//i.test(url);

/**
 * The live course's address for the package's course links: `LMS_COURSE_URL`, else the course
 * base itself when it is an absolute https URL, else null. A value that is not an absolute
 * https URL stops the build with a reason.
 */
export function courseUrlFrom(value: string | undefined, courseBase: string | null): string | null {
  if (value === undefined || value.trim() === '')
    return courseBase !== null && isHttps(courseBase) ? courseBase : null;
  let url: URL | null = null;
  try {
    url = new URL(value.trim());
  } catch {
    url = null;
  }
  if (url?.protocol !== 'https:')
    throw new Error(
      `LMS_COURSE_URL must be the live course's https address (https://learn.example.org/course/); it was "${value}"`,
    );
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** `attrs` without the attribute `name`. */
const without = (attrs: string, name: string) =>
  attrs.replace(new RegExp(`\\s${name}="[^"]*"`), '');

/** `attrs` for a link that leaves the package: a new window, with no way back to this one. */
function leaving(attrs: string): string {
  const rel = /\srel="([^"]*)"/.exec(attrs)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
  for (const r of ['noopener', 'noreferrer']) if (!rel.includes(r)) rel.push(r);
  return `${without(without(attrs, 'rel'), 'target')} target="_blank" rel="${rel.join(' ')}"`;
}

/**
 * The page's HTML with its links as a package carries them (see the top of this file). The page
 * is the build's own prerendered output: anchors are never nested, attribute values are quoted
 * with `"` and escaped.
 */
export function packageLinks(html: string, links: PackageLinks): string {
  const base = links.courseBase;
  const relativeBase = base !== null && !/^[a-z][a-z0-9+.-]*:/i.test(base);
  return html.replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/g, (whole, attrs: string, inner: string) => {
    const href = /\shref="([^"]*)"/.exec(attrs)?.[1];
    if (href === undefined) return whole;
    if (base !== null && relativeBase && href.startsWith(base)) {
      // a course page: on the live course, or its title alone
      if (links.courseUrl === null)
        return `<span${without(without(attrs, 'href'), 'rel')}>${inner}</span>`;
      const live = new URL(href.slice(base.length), links.courseUrl).href;
      const attr = live.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      return `<a${leaving(attrs.replace(/\shref="[^"]*"/, () => ` href="${attr}"`))}>${inner}</a>`;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return `<a${leaving(attrs)}>${inner}</a>`;
    return whole;
  });
}
