import { useEffect, type RefObject } from 'react';

/**
 * Marks `box` with `data-more` while its sentinel `[data-end]` (a child after its content) does
 * not show whole: part of what the box holds lies past its edge, so its cue tells the learner
 * there is more. An IntersectionObserver says so, so nothing reads the layout (the observer runs
 * in the frame's own update); a sentinel not displayed never shows, so the box is marked, and a
 * layout that shows no cue there draws nothing. `margin` widens the box's edge by a pixel or two
 * in the direction its content runs, for the rounding of fractional boxes, where a sentinel a
 * hair past the edge would mark the box, unmarked once the cue is drawn.
 */
export function useMoreMark(box: RefObject<HTMLElement | null>, margin: string): void {
  useEffect(() => {
    const el = box.current;
    const end = el?.querySelector(':scope > [data-end]');
    if (!el || !end || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) el.toggleAttribute('data-more', last.intersectionRatio < 0.9);
      },
      { root: el, rootMargin: margin, threshold: [0, 0.9, 1] },
    );
    seen.observe(end);
    return () => seen.disconnect();
  }, [box, margin]);
}
