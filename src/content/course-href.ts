import { coursePages, type CoursePage } from '../../content/course.ts';
import { courseBaseOf } from './course-base.ts';

/**
 * The course site's base URL, from VITE_COURSE_BASE at build time, ending in a slash; null when
 * none is set (the dev server, a build on its own, a package copied into a platform): then no
 * course page exists beside the lesson, and a course link would lead nowhere.
 */
export const courseBase: string | null = courseBaseOf(import.meta.env.VITE_COURSE_BASE);

/** The href of a course page, built from the one configurable base; null without a course site. */
export function courseHref(page: CoursePage): string | null {
  return courseBase === null ? null : courseBase + coursePages[page].path;
}
