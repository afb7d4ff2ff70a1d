import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { lessonMeta, type LessonMeta } from './content/lesson-meta.ts';
import { App } from './page/App.tsx';
import { EmbedApp, type EmbedData } from './embed/EmbedApp.tsx';
import { DEFAULT_OPTIONS } from './embed/options.ts';

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

/** The build's data for an embedded widget: the same the lesson's islands get. */
export { embedData } from './embed/embed-data.ts';

/** One widget's embed page body, rendered as the client's first render will produce it. */
export function renderEmbed(data: EmbedData): string {
  return renderToString(
    <StrictMode>
      <EmbedApp
        data={data}
        options={DEFAULT_OPTIONS}
        notices={[]}
        lessonUrl="../"
        emit={() => {}}
        hashKey="stepper"
      />
    </StrictMode>,
  );
}

export { EMBED_WIDGETS } from './embed/widgets.ts';
