import { meta as rawMeta } from '../../content/lesson.mdx';

/** The lesson's title block and section navigation, as exported by content/lesson.mdx. */
export interface LessonMeta {
  kicker: string;
  title: string;
  lede: string;
  description: string;
  nav: ReadonlyArray<{ id: string; label: string }>;
}

/** The lesson metadata; its shape is checked by the zod schema at build time and in tests. */
export const lessonMeta = rawMeta as LessonMeta;
