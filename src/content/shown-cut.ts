/**
 * What a page shows of a long text, and the note that says what it left out: the console's log
 * (each typed line's output) and the stepper's reply panel cut alike. A row of either is laid out
 * whole, so a reply of one 20 MB string, or of 200,000 lines, shown whole held the page's thread
 * for seconds (in layout alone: a lua= link's 3 MB reply took a task of a second).
 */
import { grouped } from './template.ts';

/** The most characters shown of one line; the rest is counted (and, in the console, copied). */
export const MAX_SHOWN_LINE_CHARS = 10_000;

/** `text`'s first `max` characters, then `…`, when it is longer (never half a surrogate pair). */
export function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1]!) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** `line` as shown: its first {@link MAX_SHOWN_LINE_CHARS} characters, then `…`. */
export function cutLine(line: string): string {
  return cutAt(line, MAX_SHOWN_LINE_CHARS);
}

/** What was cut from a text: its lines, how many are shown, its longest line if one was cut. */
export interface Cut {
  total: number;
  shown: number;
  /** the longest line's characters when a line was cut, else 0 */
  longest: number;
}

/** The note for a cut (`200,000 lines; showing the first 10,000`), or null when nothing was. */
export function cutNote({ total, shown, longest }: Cut): string | null {
  const parts: string[] = [];
  if (total > shown) parts.push(`${grouped(total)} lines; showing the first ${grouped(shown)}`);
  if (longest > 0)
    parts.push(
      `${parts.length > 0 ? 'a' : 'A'} line of ${grouped(longest)} characters; ` +
        `showing the first ${grouped(MAX_SHOWN_LINE_CHARS)} of each line`,
    );
  return parts.length > 0 ? parts.join('; ') : null;
}

/** `text` as shown: its first `maxLines` lines, each cut, and what was cut. */
export function cutText(text: string, maxLines: number): { text: string; cut: Cut } {
  const lines = text.split('\n');
  const shown = lines.slice(0, maxLines);
  const longest = Math.max(
    0,
    ...shown.map((l) => (l.length > MAX_SHOWN_LINE_CHARS ? l.length : 0)),
  );
  return {
    text: shown.map(cutLine).join('\n'),
    cut: { total: lines.length, shown: shown.length, longest },
  };
}
