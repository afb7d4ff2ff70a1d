import type { ReactNode } from 'react';
import { coursePages, type CoursePage } from '../../content/course.ts';
import { pageWords } from '../../content/page.ts';
import { courseHref } from '../content/course-href.ts';

/**
 * A page of the course: a link built from the configurable base URL, or, where the lesson has
 * no course site around it, its title and a note that it is on the course site (never a link
 * to a page that is not there). `noted` false leaves the note to the list or bar around it;
 * `className` and `rel` are the link's, and the text's in its place (a module card keeps its box).
 */
export function CourseLink({
  page,
  children,
  noted = true,
  className,
  rel,
}: {
  page: CoursePage;
  children?: ReactNode;
  noted?: boolean;
  className?: string;
  rel?: 'prev' | 'next';
}) {
  const href = courseHref(page);
  const title = children ?? coursePages[page].title;
  if (href !== null) {
    return (
      <a className={className} rel={rel} href={href} data-course-page={page}>
        {title}
      </a>
    );
  }
  return (
    <span className={className ? `${className} course-ref` : 'course-ref'} data-course-page={page}>
      {title}
      {noted ? <span className="course-ref-note">{pageWords.courseSite.inline}</span> : null}
    </span>
  );
}
