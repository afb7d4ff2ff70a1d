import { formatCharsShown } from '@batch-lease/redis-sim/client';
import { eastAsianWidth } from 'get-east-asian-width';
import type { LogLine } from '../../console/index.ts';

/**
 * The console's log wraps its lines as a terminal does: at a fixed number of columns, a plain
 * character a cell and a wide one two (the log's font is monospaced, a character that is not one
 * plain cell is drawn in a box of its cells, and its stylesheet breaks a line at any character,
 * spaces and punctuation included). So how many rows a line takes is arithmetic on
 * its length, and the windowed log can place any line without laying out the ones before it.
 */

/** What a cut reply's note ends with before its Copy all button: counted as text. */
export const COPY_JOIN = ' — ';

/**
 * A grapheme cluster of a line that is not one plain cell (printable ASCII): an ideograph, an
 * emoji, an accent with its letter, a tab. The log draws each in a box of `cells` cells, so its
 * rows are the count's whatever font the browser finds for it (a CJK font draws an ideograph
 * about 1.7 cells wide, a machine without one a box of one cell).
 */
export interface WideCluster {
  cluster: string;
  cells: 1 | 2;
}

/** A line's shown text in parts: runs of plain cells, and each other cluster on its own. */
export type ShownPart = string | WideCluster;

const PLAIN = /^[\x20-\x7e]*$/;
// where a browser has no segmenter (Firefox before 125), each code point is a cluster: an accent
// then takes a box of its own beside its letter, but the rows still are the count's
const segmenter =
  typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter('en', { granularity: 'grapheme' })
    : null;
/** How much of a run one segmenter call reads: its walk slows with the text's length. */
const PIECE = 256;

/**
 * The grapheme clusters of `text`, read a piece at a time: a segmenter's walk over one long
 * string slows with its length (Node's took minutes over 298 lines of 10,000 characters). A
 * piece's last cluster may go on past the piece, so the next piece starts at it; a cluster
 * longer than a piece (hundreds of accents on one letter) is cut at the piece's end.
 */
function* clusters(text: string): Generator<string> {
  if (!segmenter) {
    yield* text;
    return;
  }
  let at = 0;
  while (at < text.length) {
    const end = at + PIECE >= text.length;
    const found = Array.from(segmenter.segment(text.slice(at, at + PIECE)), (s) => s.segment);
    const whole = end || found.length === 1 ? found : found.slice(0, -1);
    for (const cluster of whole) {
      yield cluster;
      at += cluster.length;
    }
  }
}
// an emoji drawn as a picture: a pictograph with the emoji form's selector (U+FE0F) or a skin
// tone, or a keycap's sequence
const EMOJI_FORM = /\p{Extended_Pictographic}.*(?:\u{fe0f}|\p{Emoji_Modifier})|\u{20e3}/u;

/**
 * The cells a cluster takes, as a terminal counts them (wcwidth's rule): two for a wide or
 * fullwidth character (ideographs, Hangul, kana, most emoji) or an emoji sequence, else one
 * (an accent joins its letter's cluster; one standing alone, or a control character, still gets
 * the cell its box needs to show).
 */
export function cellsOf(cluster: string): 1 | 2 {
  const first = cluster.codePointAt(0) ?? 0;
  if (eastAsianWidth(first) === 2 || EMOJI_FORM.test(cluster)) return 2;
  return 1;
}

const parts = new WeakMap<LogLine, readonly ShownPart[]>();

/** Characters that are not one plain cell, in runs. */
const NOT_PLAIN = /[^\x20-\x7e]+/g;

/**
 * `text` as the log shows it (format characters spelled out), in {@link ShownPart}s: a plain
 * line (nearly every line) is one string. Only the runs of other characters are cut into
 * clusters, each with the plain character before it (a letter its accent follows, a keycap's
 * digit): a segmenter walks a line many times slower than a scan, and a cut reply's line is
 * 10,000 plain characters and its "…".
 */
export function shownParts(text: string): readonly ShownPart[] {
  const shown = formatCharsShown(text);
  const out: ShownPart[] = [];
  const plain = (run: string) => {
    if (run === '') return;
    const before = out.length - 1;
    if (typeof out[before] === 'string') out[before] += run;
    else out.push(run);
  };
  let done = 0;
  for (const m of shown.matchAll(NOT_PLAIN)) {
    const from = m.index > done ? m.index - 1 : m.index;
    plain(shown.slice(done, from));
    for (const cluster of clusters(shown.slice(from, m.index + m[0].length))) {
      if (PLAIN.test(cluster)) plain(cluster);
      else out.push({ cluster, cells: cellsOf(cluster) });
    }
    done = m.index + m[0].length;
  }
  plain(shown.slice(done));
  return out.length > 0 ? out : [''];
}

/** {@link shownParts} of a log line, kept while the line is. */
export function partsOf(line: LogLine): readonly ShownPart[] {
  let p = parts.get(line);
  if (p === undefined) {
    p = shownParts(line.text);
    parts.set(line, p);
  }
  return p;
}

/**
 * The rows `parts` take at `cols` columns and the cells used on the last: a run of plain cells
 * breaks after any cell; a cluster's box is never split, so one that does not fit the rest of a
 * row starts the next (a terminal leaves that cell empty too).
 */
function fill(parts: readonly ShownPart[], cols: number): { rows: number; used: number } {
  let rows = 1;
  let used = 0;
  for (const p of parts) {
    if (typeof p === 'string') {
      // the run goes on from the cells used; each row it fills past the current starts another
      const n = used + p.length;
      const more = Math.max(0, Math.ceil(n / cols) - 1);
      rows += more;
      used = n - more * cols;
    } else if (used + p.cells <= cols) used += p.cells;
    else {
      rows += 1;
      used = p.cells;
    }
  }
  return { rows, used };
}

/**
 * The rows `line` takes at `cols` columns (null: not measured yet, one row a line). A cut
 * reply's note is followed by its button, whose words `label` are drawn in the same font: the
 * button is one box, so it starts a row of its own when the rest of the note's last row cannot
 * hold it, and wraps inside itself when it is wider than a row.
 */
export function rowsOf(line: LogLine, cols: number | null, label?: string): number {
  if (cols === null) return 1;
  const shown = partsOf(line);
  if (line.copy === undefined || label === undefined) return fill(shown, cols).rows;
  const { rows, used } = fill([...shown, COPY_JOIN], cols);
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
