import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { formatCharsShown } from '@batch-lease/redis-sim/client';
import type { CopyRef, LogLine } from '../../console/index.ts';
import { CopyNotMade, writeClipboardLater } from './copy-all.ts';
import { consoleWords as T } from '../../../content/console.ts';
import s from './console.module.css';

/** Every row is one line of this height (no wrapping), so the window is plain arithmetic. */
export const ROW_PX = 20;
const VIEW_ROWS = 16;
/** The fewest rows a growing log shows (an embed's console starts this tall). */
const MIN_GROW_ROWS = 6;
const OVERSCAN = 8;

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
  const [top, setTop] = useState(0);
  const pinned = useRef(true);

  const first = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const last = Math.min(lines.length, first + VIEW_ROWS + 2 * OVERSCAN);
  const viewRows = grow ? Math.min(VIEW_ROWS, Math.max(MIN_GROW_ROWS, lines.length)) : VIEW_ROWS;

  // The window's geometry: the row height (stated here only) and three counts of rows, which
  // the stylesheet multiplies. They go in as custom properties through the CSSOM (which a
  // strict style-src allows), before the effect below reads the box's scroll height.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.setProperty('--row', `${ROW_PX}px`);
    el.style.setProperty('--view-rows', String(viewRows));
    el.style.setProperty('--rows', String(lines.length));
    el.style.setProperty('--first', String(first));
  }, [viewRows, lines.length, first]);

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
        <div className={s.window}>
          {lines.slice(first, last).map((l, i) => (
            <div key={first + i} className={`${s.line} ${s[l.kind] ?? ''}`} data-kind={l.kind}>
              {/* a row reads as redis-cli prints it, but a format character the learner typed
                  or a server's error repeats (an RLO) is spelled out, not obeyed: it would turn
                  the rest of its row; Copy all keeps the text as it is */}
              {l.text === '' ? '\u00a0' : formatCharsShown(l.text)}
              {l.copy !== undefined && <CopyAll copy={l.copy} copyText={copyText} />}
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
}: {
  copy: CopyRef;
  copyText: (ref: CopyRef) => Promise<string[]>;
}) {
  const [said, setSaid] = useState<string>(T.copyAll);
  return (
    <>
      {' — '}
      <button
        type="button"
        className={s.inlineButton}
        onClick={() => {
          setSaid(T.copyingAll);
          // asked inside the click, so the clipboard takes the text when it comes
          writeClipboardLater(copyText(copy)).then(
            () => setSaid(T.copiedAll),
            (e: unknown) => setSaid(e instanceof CopyNotMade ? e.message : T.copyRefused),
          );
        }}
      >
        {said}
      </button>
    </>
  );
}
