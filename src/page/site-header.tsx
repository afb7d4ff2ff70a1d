import { coursePages } from '../../content/course.ts';
import { pageWords } from '../../content/page.ts';
import { Island } from './island.tsx';
import { courseBase, courseHref } from '../content/course-href.ts';

/** The course bar: where this dive sits in the course, and the theme control. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <nav aria-label={pageWords.header.breadcrumb} className="breadcrumb">
          <ol>
            <li>
              <a href={courseBase}>{pageWords.header.course}</a>
            </li>
            <li>
              <a href={courseHref('batches')}>{coursePages.batches.title}</a>
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
