import { coursePages } from '../../content/course.ts';
import { pageWords } from '../../content/page.ts';
import { Island } from './island.tsx';
import { courseBase } from '../content/course-href.ts';
import { CourseLink } from '../components/course-link.tsx';

/** The course bar: where this dive sits in the course, and the theme control. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <nav aria-label={pageWords.header.breadcrumb} className="breadcrumb">
          <ol>
            <li>
              {courseBase === null ? (
                <span className="course-ref">{pageWords.header.course}</span>
              ) : (
                <a href={courseBase}>{pageWords.header.course}</a>
              )}
            </li>
            <li>
              <CourseLink page="batches">{coursePages.batches.title}</CourseLink>
            </li>
            <li>
              <span aria-current="page">{pageWords.header.here}</span>
            </li>
          </ol>
        </nav>
        <Island name="theme-toggle" props={{}} />
      </div>
    </header>
  );
}
