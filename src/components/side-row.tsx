import { useRef, type FocusEvent, type ReactNode } from 'react';
import { pageWords } from '../../content/page.ts';
import { useMoreMark } from './use-more-mark.ts';
import s from './side-row.module.css';

/** What a row holds that a learner sees as one control (an input in a label is seen as the label). */
const ITEMS = 'button, select, a[href], label, input';

/** The left and right edges of what `row` shows, in the window's coordinates. */
function viewOf(row: HTMLElement): [number, number] {
  const left = row.getBoundingClientRect().left + row.clientLeft;
  return [left, left + row.clientWidth];
}

/**
 * How far to move `row` so that `focused` (or the label an input is seen as) shows whole: a
 * browser scrolls a control that Tab focuses into view only when none of it shows, so one the
 * edge cut stayed cut. Read in the focus event, where the layout is clean; a row that does not
 * scroll (it wraps) is left alone.
 */
function toShow(row: HTMLElement, focused: Element): number {
  if (row.scrollWidth <= row.clientWidth) return 0;
  const r = (focused.closest('label') ?? focused).getBoundingClientRect();
  const [left, right] = viewOf(row);
  if (r.left < left) return r.left - left - 4;
  // past the end edge: its end to the edge, or its start to the row's start if it is wider
  if (r.right > right) return Math.min(r.right - right + 4, r.left - left - 4);
  return 0;
}

/**
 * How far a press of the cue moves `row`: to the first control the end edge cuts or hides, so
 * it shows whole (a control wider than the row is paged through, most of a width at a time).
 * Read in the press's event, where the layout is clean.
 */
function nextStop(row: HTMLElement): number {
  const page = row.clientWidth * 0.8;
  const [left, right] = viewOf(row);
  for (const item of row.querySelectorAll(ITEMS)) {
    const r = item.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2 || r.right <= right + 1) continue;
    // the first control the end edge cuts: its start to the row's start (every control before
    // it showed); one that starts at the row's start is wider than the row, so page through it
    const by = r.left - left - 4;
    if (by >= 8) return by;
  }
  return page;
}

export interface SideRowProps {
  /** the frame's class: its place in the caller's layout, and where the row scrolls sideways,
   * `--side-row: block` (which displays the cue and the sentinel), and may set the cue's
   * colour, `--side-row-fg` */
  frame: string | undefined;
  /** the row's class: where it scrolls, `overflow-x: auto` and no wrapping */
  row: string | undefined;
  role?: 'group';
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A row of controls that keeps one line on a narrow screen and scrolls sideways there, with a
 * cue, "more ▸", at its end edge while a control lies beyond it: a phone's overlay scrollbars
 * show nothing until touched, so a row cut at a word's edge read as whole, and the tools past it
 * (the console, the editors) went unfound. The cue stands in a column of its own beside the row,
 * which it keeps while hidden, so it never covers a control and the row's width never changes
 * with the scroll. Pressing it brings the first control the edge cuts to the row's start; a
 * keyboard reaches each control by Tab, and the row brings the focused one whole into view.
 * Hidden from assistive technology, which reads the whole row.
 */
export function SideRow({ frame, row, children, ...attributes }: SideRowProps) {
  const box = useRef<HTMLDivElement>(null);
  // a pixel past the end edge, for the rounding of fractional boxes (the sentinel is a pixel wide)
  useMoreMark(box, '0px 1px 0px 0px');
  const onMore = () => {
    const el = box.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: nextStop(el), behavior: still ? 'auto' : 'smooth' });
  };
  const onFocus = (e: FocusEvent) => {
    const el = box.current;
    const by = el && e.target instanceof Element ? toShow(el, e.target) : 0;
    if (el && by !== 0) el.scrollBy({ left: by, behavior: 'auto' });
  };
  return (
    <div className={[frame, s.frame].filter(Boolean).join(' ')}>
      <div
        ref={box}
        className={[row, s.row].filter(Boolean).join(' ')}
        onFocus={onFocus}
        {...attributes}
      >
        {children}
        <span className={s.end} data-end="" />
      </div>
      {/* a press on it is a pointer's shortcut: the keyboard's way is Tab, so it takes no focus */}
      <span
        className={s.cue}
        data-label={pageWords.sideRow.more}
        aria-hidden="true"
        onClick={onMore}
      />
    </div>
  );
}
