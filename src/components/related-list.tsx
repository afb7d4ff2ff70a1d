import { coursePages, related } from '../../content/course.ts';
import { pageWords } from '../../content/page.ts';
import { courseBase } from '../content/course-href.ts';
import { CourseLink } from './course-link.tsx';

/**
 * "Related in this course": every link built from the one course base URL; without a course
 * site, the titles and one note that they are its pages.
 */
export function RelatedList() {
  return (
    <>
      <ul className="link-list">
        {related.map(({ page, note }) => (
          <li key={page}>
            <CourseLink page={page} noted={false}>
              {coursePages[page].title}
            </CourseLink>{' '}
            — {note}
          </li>
        ))}
      </ul>
      {courseBase === null ? <p className="course-ref-note">{pageWords.courseSite.all}</p> : null}
    </>
  );
}
