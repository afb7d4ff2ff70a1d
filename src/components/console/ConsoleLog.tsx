import { useLayoutEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import type { CopyRef, LogLine } from '../../console/index.ts';
import { CopyNotMade, writeClipboardLater } from './copy-all.ts';
import { COPY_JOIN, lineAtRow, partsOf, rowStarts, type ShownPart } from './log-rows.ts';
import { consoleWords as T } from '../../../content/console.ts';
import s from './console.module.css';

/**
 * Every row is this tall, and a line wraps at the log's width into whole rows (log-rows.ts), so
 * the window is plain arithmetic.
 */
export const ROW_PX = 20;
const VIEW_ROWS = 16;
/** The fewest rows a growing log shows (an embed's console starts this tall). */
const MIN_GROW_ROWS = 6;
const OVERSCAN = 8;
/** how many characters wide the probe is: many, so its width's rounding is small in each */
const PROBE_CHARS = 10;
/** a line's padding at each side (the stylesheet's --pad) */
const LINE_PAD_PX = 8;

/**
 * A part of a line as the log draws it: a run of plain cells as text, any other cluster in a box
 * of the cells the count gives it (log-rows.ts), so the browser's font never moves a row.
 */
function partShown(p: ShownPart, k: number) {
  return typeof p === 'string' ? (
    p
  ) : (
    <span key={k} className={p.cells === 2 ? s.cell2 : s.cell1}>
      {p.cluster}
    </span>
  );
}

/**
 * The console's output, windowed: only the rows in view (and a few around) are in the DOM,
 * so a log of 10,000 lines scrolls and grows as lightly as one of ten. It follows the newest
 * line while the learner is at the bottom, stays put when they have scrolled up to read, and
 * comes back to the bottom when they send the next command. With `grow` the box is as tall as
 * its lines (at least a few rows, at most its full height), so an embed's frame grows with it.
 */
export function ConsoleLog({
  lines,
  sent,
  grow = false,
  copyText,
}: {
  lines: readonly LogLine[];
  sent: number;
  grow?: boolean;
  /** a cut reply's whole text, asked of the side that keeps it (Copy all) */
  copyText: (ref: CopyRef) => Promise<string[]>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [top, setTop] = useState(0);
  const pinned = useRef(true);
  // how many characters a row holds, from the box's width and the font's (null until measured,
  // and where the browser cannot observe a size: one row a line, as wide as it is)
  const [cols, setCols] = useState<number | null>(null);
  // what each cut note's button says now (its words take room on the note's rows)
  const [said, setSaid] = useState<ReadonlyMap<LogLine, string>>(() => new Map());

  useLayoutEffect(() => {
    const el = box.current;
    const p = probe.current;
    if (!el || !p || typeof ResizeObserver === 'undefined') return;
    // read in the observer's callback, after layout, never during a render: a character's width
    // (the probe's over its characters) and the box's; a pixel is left spare so a width's
    // rounding never makes a row one character short
    const observer = new ResizeObserver(() => {
      const ch = p.getBoundingClientRect().width / PROBE_CHARS;
      const room = el.clientWidth - 2 * LINE_PAD_PX - 1;
      if (ch > 0 && room > 0) setCols(Math.max(8, Math.floor(room / ch)));
    });
    observer.observe(el);
    observer.observe(p);
    return () => observer.disconnect();
  }, []);

  const at = useMemo(
    () => rowStarts(lines, cols, (l) => said.get(l) ?? T.copyAll),
    [lines, cols, said],
  );
  const rows = at[lines.length] ?? 0;
  // the lines with a row in view, and OVERSCAN lines on each side (lines, not rows: the lines
  // beside the view are in the page however many rows a long one wraps to)
  const topRow = Math.floor(top / ROW_PX);
  const first = Math.max(0, lineAtRow(at, topRow) - OVERSCAN);
  const last = Math.min(lines.length, lineAtRow(at, topRow + VIEW_ROWS) + 1 + OVERSCAN);
  const viewRows = grow ? Math.min(VIEW_ROWS, Math.max(MIN_GROW_ROWS, rows)) : VIEW_ROWS;

  // The window's geometry: the row height, a line's padding and the probe's width in characters
  // (stated here only) and three counts of rows, which the stylesheet multiplies. They go in as
  // custom properties through the CSSOM (which a strict style-src allows), before the effect
  // below reads the scroll height.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.setProperty('--row', `${ROW_PX}px`);
    el.style.setProperty('--pad', `${LINE_PAD_PX}px`);
    el.style.setProperty('--probe-chars', String(PROBE_CHARS));
    el.style.setProperty('--view-rows', String(viewRows));
    el.style.setProperty('--rows', String(rows));
    el.style.setProperty('--first', String(at[first] ?? 0));
  }, [viewRows, rows, at, first]);

  // sending a command brings the newest lines back into view, as a terminal does
  useLayoutEffect(() => {
    pinned.current = true;
  }, [sent]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || !pinned.current) return;
    el.scrollTop = el.scrollHeight;
    setTop(el.scrollTop);
  }, [lines]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    pinned.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_PX;
    setTop(el.scrollTop);
  };

  return (
    <div
      ref={box}
      className={s.log}
      role="log"
      aria-label={T.output}
      tabIndex={0}
      onScroll={onScroll}
      data-lines={lines.length}
    >
      <div className={s.rows}>
        <span ref={probe} className={s.probe} aria-hidden="true" />
        <div className={s.window}>
          {lines.slice(first, last).map((l, i) => (
            <div key={first + i} className={`${s.line} ${s[l.kind] ?? ''}`} data-kind={l.kind}>
              {/* a row reads as redis-cli prints it, but a format character the learner typed
                  or a server's error repeats (an RLO) is spelled out, not obeyed: it would turn
                  the rest of its row; Copy all keeps the text as it is */}
              {l.text === '' ? '\u00a0' : partsOf(l).map(partShown)}
              {l.copy !== undefined && (
                <CopyAll
                  copy={l.copy}
                  copyText={copyText}
                  said={said.get(l) ?? T.copyAll}
                  say={(words) => setSaid((m) => new Map(m).set(l, words))}
                />
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The button on a cut reply's note: copies the whole reply, made now by the side that keeps it,
 * and says so in its own label, or says why it could not (the copy is gone, the clipboard
 * refused it).
 */
function CopyAll({
  copy,
  copyText,
  said,
  say,
}: {
  copy: CopyRef;
  copyText: (ref: CopyRef) => Promise<string[]>;
  /** what the button says now (kept by the log: its words take room on the note's rows) */
  said: string;
  say: (words: string) => void;
}) {
  return (
    <>
      {COPY_JOIN}
      <button
        type="button"
        className={s.inlineButton}
        onClick={() => {
          say(T.copyingAll);
          // asked inside the click, so the clipboard takes the text when it comes
          writeClipboardLater(copyText(copy)).then(
            () => say(T.copiedAll),
            (e: unknown) => say(e instanceof CopyNotMade ? e.message : T.copyRefused),
          );
        }}
      >
        {said}
      </button>
    </>
  );
}
