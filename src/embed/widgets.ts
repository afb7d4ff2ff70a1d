/**
 * The widgets a course page can embed, declared once: the embed pages, the
 * custom elements, the Embed dialog and the tests all read this list.
 */

/** Every embeddable widget, by id. */
import { embedWords } from '../../content/embed.ts';
export const EMBED_WIDGETS = ['stepper', 'fates', 'console'] as const;
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

/** Whether a name (an embed page's `data-widget`) is one of the widgets. */
export function isEmbedWidget(name: string | undefined): name is EmbedWidget {
  return (EMBED_WIDGETS as readonly (string | undefined)[]).includes(name);
}

/** The colour modes a host can ask for; `auto` follows the reader's system setting. */
export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** What a host page needs to know about one widget. */
export interface WidgetInfo {
  /** the iframe's title and the element's accessible name */
  title: string;
  /** the embed page, relative to the site root */
  page: string;
  /** the custom element's tag */
  element: string;
  /** the height a frame without the resizer script starts at (px) */
  defaultHeight: number;
  /** where the widget sits in the full lesson */
  lessonAnchor: string;
}

export const WIDGET_INFO: Readonly<Record<EmbedWidget, WidgetInfo>> = {
  stepper: {
    title: embedWords.widgets.stepper.title,
    page: 'embed/stepper.html',
    element: 'batch-lease-stepper',
    // the stepper fills its frame (any height from about 520 px); this one shows it roomily
    defaultHeight: 760,
    lessonAnchor: 'stepper',
  },
  fates: {
    title: embedWords.widgets.fates.title,
    page: 'embed/fates.html',
    element: 'batch-lease-fates',
    defaultHeight: 620,
    lessonAnchor: 'single-vs-batch',
  },
  console: {
    title: embedWords.widgets.console.title,
    page: 'embed/console.html',
    element: 'batch-lease-console',
    defaultHeight: 560,
    lessonAnchor: 'stepper',
  },
};

/** Each widget in the lesson's words, for the message a failure shows. */
export const WIDGET_WHAT: Readonly<Record<EmbedWidget, string>> = {
  stepper: embedWords.widgets.stepper.what,
  fates: embedWords.widgets.fates.what,
  console: embedWords.widgets.console.what,
};

/** The stepper's key in the URL hash, the same on the lesson and its embed page. */
export const STEPPER_HASH_KEY = 'stepper';
