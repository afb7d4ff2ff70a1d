/**
 * The lesson page's own host events: when a platform launched the page (a course package), its
 * stepper and fate picker tell what the learner does as the embeds tell a host, here as DOM
 * events on the document, which the package's runtime follows.
 */
import {
  EMBED_NAMESPACE,
  embedMessage,
  type EmbedEmitter,
  type EmbedEventDetail,
  type EmbedMessage,
} from '../embed/host-events.ts';
import type { EmbedWidget } from '../embed/widgets.ts';
import { launchedPackage } from './kinds.ts';

/** An emitter that tells the document, on a packaged page; null on the web lesson (nothing to tell). */
export function pageEmitter(widget: EmbedWidget, doc: Document = document): EmbedEmitter | null {
  if (launchedPackage(doc) === null) return null;
  return (kind, detail) => {
    const message = embedMessage(kind, widget, null, detail);
    doc.dispatchEvent(new CustomEvent(message.type, { detail: message }));
  };
}

/** What the package's runtime hears. */
export interface LessonListener {
  completed?: (d: EmbedEventDetail['completed']) => void;
  answered?: (d: EmbedEventDetail['answered']) => void;
  tally?: (d: EmbedEventDetail['tally']) => void;
  step?: (d: EmbedEventDetail['step']) => void;
}

/** Follows the page's events; answers a function that stops following. */
export function followLesson(listener: LessonListener, doc: Document = document): () => void {
  const kinds = ['completed', 'answered', 'tally', 'step'] as const;
  const handlers = kinds.map((kind) => {
    const handler = (e: Event) => {
      const message = (e as CustomEvent<EmbedMessage>).detail;
      (listener[kind] as ((d: unknown) => void) | undefined)?.(message);
    };
    doc.addEventListener(`${EMBED_NAMESPACE}:${kind}`, handler);
    return [kind, handler] as const;
  });
  return () => {
    for (const [kind, handler] of handlers)
      doc.removeEventListener(`${EMBED_NAMESPACE}:${kind}`, handler);
  };
}
