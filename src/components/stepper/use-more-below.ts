import { useEffect, type RefObject } from 'react';
import { useMoreMark } from '../use-more-mark.ts';

/**
 * Marks a box that scrolls inside (the narration, the run's notes) with `data-more` while part
 * of its content lies below what it shows (`useMoreMark`), so its cue (`.moreCue`, in the CSS)
 * tells the learner there is more to read: a phone's overlay scrollbars show nothing until
 * touched, and a laptop's scrollbar beside two lines of a long note is easy to miss. The box's
 * sentinel shows whole exactly when its last word does (see `.end` in the CSS). The box is
 * marked `data-scrolled` too while the learner has scrolled it from its top, so the step writer
 * can bring the next step's words back to their start.
 */
export function useMoreBelow(box: RefObject<HTMLElement | null>): void {
  useMoreMark(box, '0px 0px 2px 0px');
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // read in a scroll event, where the layout is already clean
    const onScroll = () => el.toggleAttribute('data-scrolled', el.scrollTop > 0);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [box]);
}
