import { coursePages, related } from '../../content/course.ts';
import { CourseLink } from './course-link.tsx';

/** "Related in this course": every link built from the one course base URL. */
export function RelatedList() {
  return (
    <ul className="link-list">
      {related.map(({ page, note }) => (
        <li key={page}>
          <CourseLink page={page}>{coursePages[page].title}</CourseLink> — {note}
        </li>
      ))}
    </ul>
  );
}
