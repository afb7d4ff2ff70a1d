/**
 * Tells the host page how tall the embed's content is, in the message shapes
 * hosts already listen for, so a frame grows and shrinks with its content and
 * never shows its own scrollbar:
 * - `{subject: 'lti.frameResize', height}` (Canvas, Moodle, Sakai),
 * - `{subject: 'org.imsglobal.lti.frameResize', height}` (Brightspace),
 * - `{context: 'iframe.resize', height, src}` (Embedly, and our own resizer).
 *
 * The content wrapper is measured, not the document: a document in a frame is
 * at least as tall as the frame, so measuring it would let a frame only grow.
 */

/** The messages for one height. */
export function resizeMessages(height: number, src: string): object[] {
  return [
    { subject: 'lti.frameResize', height },
    { subject: 'org.imsglobal.lti.frameResize', height },
    { context: 'iframe.resize', height, src },
  ];
}

/** A running height watch: {@link HeightWatch.post} measures at once; `stop` ends the watch. */
export interface HeightWatch {
  /**
   * Posts the height now if it changed. A frame out of view is not rendered, and its
   * ResizeObserver waits until it scrolls into view; a measure asked for directly is answered,
   * so a widget that has just rendered its content can size its frame before anyone sees it.
   */
  post(): void;
  stop(): void;
}

/**
 * Watches `content` and posts its height to `target` on start, on every
 * change, and when the page becomes visible again.
 */
export function watchHeight(
  content: HTMLElement,
  target: Pick<Window, 'postMessage'>,
  src: string,
  doc: Document = document,
): HeightWatch {
  let last = -1;
  const post = () => {
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    for (const m of resizeMessages(height, src)) target.postMessage(m, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(content);
  const onVisible = () => {
    if (doc.visibilityState === 'visible') {
      last = -1;
      post();
    }
  };
  doc.addEventListener('visibilitychange', onVisible);
  post();
  return {
    post,
    stop() {
      observer.disconnect();
      doc.removeEventListener('visibilitychange', onVisible);
    },
  };
}
