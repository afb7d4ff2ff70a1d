/**
 * A line diff of a script against the lesson's, as the listing marks it: each line of the
 * running script is the lesson's, changed, or added, and the lesson's lines that are gone are
 * indicated where they stood. A longest-common-subsequence diff over lines (the lesson's side is
 * a few dozen lines, so the table stays small even for a long edit).
 */

/** How one line of the running script relates to the lesson's script. */
export type LineMark = 'same' | 'changed' | 'added';

export interface ScriptDiff {
  /** the mark of each line of the running script, line n at index n - 1 */
  marks: LineMark[];
  /**
   * The lesson's lines that are gone, keyed by the running script's line they stood before
   * (1-based; one past the last line for lines removed at the end).
   */
  removed: Map<number, string[]>;
  /** true when the running script is the lesson's, line for line */
  same: boolean;
  /**
   * For each line of the running script marked 'same', the lesson's line it is (1-based), so
   * it can be drawn as the lesson draws that line; null for a changed or added line.
   */
  from: (number | null)[];
}

const linesOf = (text: string): string[] => {
  const lines = text.split('\n');
  // a final newline ends the last line; it does not start another
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** The diff of `script` against `lesson`, both as whole texts. */
export function diffScript(lesson: string, script: string): ScriptDiff {
  const a = linesOf(lesson);
  const b = linesOf(script);
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const marks: LineMark[] = [];
  const from: (number | null)[] = [];
  const removed = new Map<number, string[]>();
  let gone: string[] = [];
  let added = 0;
  // a run of removals and additions between two common lines: pair them up as changes
  const closeHunk = () => {
    const changed = Math.min(gone.length, added);
    for (let x = marks.length - added; x < marks.length - added + changed; x++)
      marks[x] = 'changed';
    const left = gone.slice(changed);
    if (left.length > 0) removed.set(marks.length + 1, left);
    gone = [];
    added = 0;
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      closeHunk();
      marks.push('same');
      from.push(i + 1);
      i++;
      j++;
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      marks.push('added');
      from.push(null);
      added++;
      j++;
    } else {
      gone.push(a[i]!);
      i++;
    }
  }
  closeHunk();
  return {
    marks,
    removed,
    same: removed.size === 0 && marks.every((x) => x === 'same'),
    from,
  };
}
