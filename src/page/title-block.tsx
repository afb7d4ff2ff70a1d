import type { LessonMeta } from '../content/lesson-meta.ts';

/** The dive's title block: kicker, title and lede. */
export function TitleBlock({ meta }: { meta: LessonMeta }) {
  return (
    <header className="title-block">
      <p className="kicker">{meta.kicker}</p>
      <h1>{meta.title}</h1>
      <p className="lede">{meta.lede}</p>
    </header>
  );
}

/** The in-page section navigation. */
export function OnThisPage({ meta }: { meta: LessonMeta }) {
  return (
    <nav className="on-this-page" aria-labelledby="on-this-page-title">
      <h2 id="on-this-page-title" className="on-this-page-title">
        On this page
      </h2>
      <ol>
        {meta.nav.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
