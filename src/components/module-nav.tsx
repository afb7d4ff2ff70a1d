import type { ReactNode } from 'react';
import { pageWords } from '../../content/page.ts';
import { coursePages, moduleNav } from '../../content/course.ts';
import { courseHref } from '../content/course-href.ts';

/**
 * The way back to the module and on to the next one: links to the course site, or, without
 * one, the same cards as text with a note that the modules are on the course site.
 */
export function ModuleNav() {
  const { back, next } = moduleNav;
  const backHref = courseHref(back.page);
  const nextHref = courseHref(next.page);
  return (
    <nav className="module-nav" aria-label={pageWords.moduleNav.region}>
      <Card href={backHref} rel="prev" page={back.page}>
        <span className="module-nav-kicker">
          <span aria-hidden="true">← </span>
          {pageWords.moduleNav.back}
        </span>
        <span className="module-nav-title">{coursePages[back.page].title}</span>
        <span className="module-nav-blurb">{back.blurb}</span>
      </Card>
      <Card href={nextHref} rel="next" page={next.page} next>
        <span className="module-nav-kicker">
          {pageWords.moduleNav.next}
          <span aria-hidden="true"> →</span>
        </span>
        <span className="module-nav-title">{coursePages[next.page].title}</span>
        <span className="module-nav-blurb">{next.blurb}</span>
      </Card>
      {backHref === null ? <p className="course-ref-note">{pageWords.courseSite.all}</p> : null}
    </nav>
  );
}

/** One card: a link when the course site is there, the same box as text when it is not. */
function Card({
  href,
  rel,
  page,
  next = false,
  children,
}: {
  href: string | null;
  rel: 'prev' | 'next';
  page: string;
  next?: boolean;
  children: ReactNode;
}) {
  const className = `module-nav-link${next ? ' module-nav-next' : ''}`;
  return href === null ? (
    <div className={`${className} course-ref`} data-course-page={page}>
      {children}
    </div>
  ) : (
    <a className={className} rel={rel} href={href} data-course-page={page}>
      {children}
    </a>
  );
}
