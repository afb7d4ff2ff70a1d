import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { lessonMeta, type LessonMeta } from './content/lesson-meta.ts';
import { App } from './page/App.tsx';

/** Renders the whole lesson to HTML at build time; the client hydrates the same tree. */
export function render(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** The lesson metadata, for the prerender step to validate and to fill the head with. */
export function meta(): LessonMeta {
  return lessonMeta;
}

export { courseBase } from './content/course-href.ts';
