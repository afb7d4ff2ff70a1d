import type { ReactNode } from 'react';
import { coursePages, type CoursePage } from '../../content/course.ts';
import { courseHref } from '../content/course-href.ts';

/** A link to another page of the course, built from the configurable base URL. */
export function CourseLink({ page, children }: { page: CoursePage; children?: ReactNode }) {
  return (
    <a href={courseHref(page)} data-course-page={page}>
      {children ?? coursePages[page].title}
    </a>
  );
}
