import { coursePages, type CoursePage } from '../../content/course.ts';

/** The course base URL, from VITE_COURSE_BASE at build time; always ends in a slash. */
export const courseBase: string = (() => {
  const base = import.meta.env.VITE_COURSE_BASE || '/course/';
  return base.endsWith('/') ? base : `${base}/`;
})();

/** The href of a course page, built from the one configurable base. */
export function courseHref(page: CoursePage): string {
  return courseBase + coursePages[page].path;
}
