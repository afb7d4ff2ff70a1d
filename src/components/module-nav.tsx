import { pageWords } from '../../content/page.ts';
import { coursePages, moduleNav } from '../../content/course.ts';
import { courseHref } from '../content/course-href.ts';
import { CourseLink } from './course-link.tsx';

/**
 * The way back to the module and on to the next one: links to the course site, or, without
 * one, the same cards as text (each a {@link CourseLink}) with one note under both that the
 * modules are on the course site.
 */
export function ModuleNav() {
  const { back, next } = moduleNav;
  const card = 'module-nav-link';
  return (
    <nav className="module-nav" aria-label={pageWords.moduleNav.region}>
      <CourseLink page={back.page} rel="prev" className={card} noted={false}>
        <span className="module-nav-kicker">
          <span aria-hidden="true">← </span>
          {pageWords.moduleNav.back}
        </span>
        <span className="module-nav-title">{coursePages[back.page].title}</span>
        <span className="module-nav-blurb">{back.blurb}</span>
      </CourseLink>
      <CourseLink page={next.page} rel="next" className={`${card} module-nav-next`} noted={false}>
        <span className="module-nav-kicker">
          {pageWords.moduleNav.next}
          <span aria-hidden="true"> →</span>
        </span>
        <span className="module-nav-title">{coursePages[next.page].title}</span>
        <span className="module-nav-blurb">{next.blurb}</span>
      </CourseLink>
      {courseHref(back.page) === null ? (
        <p className="course-ref-note">{pageWords.courseSite.all}</p>
      ) : null}
    </nav>
  );
}
