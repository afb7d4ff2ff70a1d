/**
 * The course site's base for a build's `VITE_COURSE_BASE` (a root path or an absolute URL),
 * ending in a slash; null when none is set: then no course page exists beside the lesson. Read
 * by the page (course-href.ts) and by the build's course packages, which must know where the
 * page's course links point.
 */
export function courseBaseOf(value: string | undefined): string | null {
  if (!value) return null;
  return value.endsWith('/') ? value : `${value}/`;
}
