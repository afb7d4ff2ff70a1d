import { pageWords } from '../../content/page.ts';
import { coursePages, moduleNav } from '../../content/course.ts';
import { courseHref } from '../content/course-href.ts';

/** The way back to the module and on to the next one. */
export function ModuleNav() {
  const { back, next } = moduleNav;
  return (
    <nav className="module-nav" aria-label={pageWords.moduleNav.region}>
      <a className="module-nav-link" rel="prev" href={courseHref(back.page)}>
        <span className="module-nav-kicker">
          <span aria-hidden="true">← </span>
          {pageWords.moduleNav.back}
        </span>
        <span className="module-nav-title">{coursePages[back.page].title}</span>
        <span className="module-nav-blurb">{back.blurb}</span>
      </a>
      <a className="module-nav-link module-nav-next" rel="next" href={courseHref(next.page)}>
        <span className="module-nav-kicker">
          {pageWords.moduleNav.next}
          <span aria-hidden="true"> →</span>
        </span>
        <span className="module-nav-title">{coursePages[next.page].title}</span>
        <span className="module-nav-blurb">{next.blurb}</span>
      </a>
    </nav>
  );
}
