import { useEffect, type RefObject } from 'react';

/**
 * Marks a box that scrolls inside (the narration, the run's notes) with `data-more` while part
 * of its content lies below what it shows, so its cue (`.moreCue`, in the CSS) tells the learner
 * there is more to read: a phone's overlay scrollbars show nothing until touched, and a laptop's
 * scrollbar beside two lines of a long note is easy to miss. The box holds a sentinel
 * `[data-end]` after its content; an IntersectionObserver says whether it shows whole,
 * so no step reads the layout (the observer runs in the frame's own update). The box is marked
 * `data-scrolled` too while the learner has scrolled it from its top, so the step writer can
 * bring the next step's words back to their start.
 */
export function useMoreBelow(box: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = box.current;
    const end = el?.querySelector(':scope > [data-end]');
    if (!el || !end || typeof IntersectionObserver === 'undefined') return;
    // the sentinel shows whole exactly when the box's last word does (see `.end` in the CSS);
    // the margin and a hair under whole allow for the rounding of fractional boxes, where a
    // sentinel half a pixel past the edge would mark the box, unmarked once its band is drawn
    const seen = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) el.toggleAttribute('data-more', last.intersectionRatio < 0.9);
      },
      { root: el, rootMargin: '0px 0px 2px 0px', threshold: [0, 0.9, 1] },
    );
    seen.observe(end);
    // read in a scroll event, where the layout is already clean
    const onScroll = () => el.toggleAttribute('data-scrolled', el.scrollTop > 0);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      seen.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [box]);
}
