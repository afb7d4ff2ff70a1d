import { formatCharsShown } from '@batch-lease/redis-sim/client';
import type { LogLine } from '../../console/index.ts';

/**
 * The console's log wraps its lines as a terminal does: at a fixed number of columns, one
 * character a cell (the log's font is monospaced, and its stylesheet breaks a line at any
 * character, spaces and punctuation included). So how many rows a line takes is arithmetic on
 * its length, and the windowed log can place any line without laying out the ones before it.
 */

/** What a cut reply's note ends with before its Copy all button: counted as text. */
export const COPY_JOIN = ' — ';

const lengths = new WeakMap<LogLine, number>();

/** The characters of `line`'s text as the log shows it (format characters spelled out). */
function shownLength(line: LogLine): number {
  let n = lengths.get(line);
  if (n === undefined) {
    n = 0;
    // code points, not UTF-16 units: a character outside the BMP takes one cell
    for (const _ of formatCharsShown(line.text)) n++;
    lengths.set(line, n);
  }
  return n;
}

/**
 * The rows `line` takes at `cols` columns (null: not measured yet, one row a line). A cut
 * reply's note is followed by its button, whose words `label` are drawn in the same font: the
 * button is one box, so it starts a row of its own when the rest of the note's last row cannot
 * hold it, and wraps inside itself when it is wider than a row.
 */
export function rowsOf(line: LogLine, cols: number | null, label?: string): number {
  if (cols === null) return 1;
  const text = shownLength(line);
  if (line.copy === undefined || label === undefined) return Math.max(1, Math.ceil(text / cols));
  const n = text + COPY_JOIN.length;
  const rows = Math.ceil(n / cols);
  const used = n - (rows - 1) * cols;
  const wide = [...label].length;
  if (used + wide <= cols) return rows;
  return rows + Math.max(1, Math.ceil(wide / cols));
}

/**
 * Where each line starts, in rows: `at[i]` rows come before line `i`, and `at[lines.length]` is
 * every row of the log. `labels` gives a cut note's button words by line.
 */
export function rowStarts(
  lines: readonly LogLine[],
  cols: number | null,
  labels: (line: LogLine) => string,
): Int32Array {
  const at = new Int32Array(lines.length + 1);
  let row = 0;
  lines.forEach((l, i) => {
    row += rowsOf(l, cols, l.copy ? labels(l) : undefined);
    at[i + 1] = row;
  });
  return at;
}

/** The line that row `row` belongs to (the last line when `row` is past the end; 0 when empty). */
export function lineAtRow(at: Int32Array, row: number): number {
  const n = at.length - 1;
  if (n <= 0) return 0;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((at[mid] ?? 0) <= row) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
