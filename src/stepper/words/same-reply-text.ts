/**
 * Whether two replies print the same text in redis-cli, told without formatting them whole. The
 * compare view marks its reply row when the two executors' replies differ; a learner's script
 * may reply a hundred thousand lines, or name a long string over and over, and formatting both
 * replies whole to compare them cost what showing only their first lines saves.
 */
import { cliLineCount, eachCliLine, formatCliReply } from '@batch-lease/redis-sim/client';
import type { Reply } from '../runs/trace-source.ts';

/** A status or an error holding a newline: more than one line, so lines and leaves part ways. */
const breaksLine = (leaf: Reply) =>
  typeof leaf === 'object' &&
  leaf !== null &&
  !Array.isArray(leaf) &&
  (('status' in leaf && leaf.status.includes('\n')) ||
    ('error' in leaf && leaf.error.includes('\n')));

/**
 * `formatCliReply(a) === formatCliReply(b)`, told line by line: replies of different line
 * counts differ; otherwise each pair of lines is compared by its label and the value it shows
 * (a string by its content, so equal strings are never quoted), and a pair is formatted only
 * when those differ, which ends the walk at the first pair whose text differs too. A reply with
 * a status or an error of several lines (a script's own, rare) is compared by its whole text.
 */
export function sameReplyText(a: Reply, b: Reply): boolean {
  if (a === b) return true;
  if (cliLineCount(a) !== cliLineCount(b)) return false;
  const lines: [string, Reply][] = [];
  let whole = false;
  eachCliLine(b, (head, leaf) => {
    whole = breaksLine(leaf);
    lines.push([head, leaf]);
    return !whole;
  });
  let same = true;
  let at = 0;
  if (!whole)
    eachCliLine(a, (head, leaf) => {
      const [otherHead, other] = lines[at++]!;
      if (breaksLine(leaf)) whole = true;
      else if (head !== otherHead || leaf !== other)
        same = head + formatCliReply(leaf) === otherHead + formatCliReply(other);
      return same && !whole;
    });
  return whole ? formatCliReply(a) === formatCliReply(b) : same;
}
