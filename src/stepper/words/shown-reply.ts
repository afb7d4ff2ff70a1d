/**
 * A reply as a panel shows it, made by the one walk of its numbered lines (`eachCliLine`): only
 * the lines shown are formatted, a long string quoted only as far as its line is shown, and the
 * rest counted (`cliLineCount`). A learner's script may reply a hundred thousand lines, or name
 * one long string over and over: formatted whole on the page at every new run, such a reply
 * held the page's thread, though the panel shows a thousand lines and the calls panel one.
 */
import {
  LongBulkLines,
  cliLineCount,
  eachCliLine,
  formatCliReply,
} from '@batch-lease/redis-sim/client';
import { MAX_SHOWN_LINE_CHARS, cutLine, type Cut } from '../../content/shown-cut.ts';
import type { Reply } from '../runs/trace-source.ts';

/**
 * The most lines of a reply a panel or the compare view shows. A learner's script may return as
 * much as its step budget lets it build and send (a reply of a hundred thousand lines): shown
 * whole, the panel's layout held the page for a second.
 */
export const MAX_REPLY_LINES = 1_000;

/**
 * Hands `line` the text of each of `reply`'s lines as redis-cli prints them, in order, until it
 * answers false: each whole, but a long string's line only its first `max` characters and more
 * (enough for a cut at `max` to end where the whole line's would), with its whole length.
 */
function eachLineUpTo(
  reply: Reply,
  max: number,
  line: (text: string, length: number) => boolean,
): void {
  const long = new LongBulkLines(max);
  eachCliLine(reply, (head, leaf) => {
    // a bulk string quotes to at least a character each: this line is longer than `max`
    if (typeof leaf === 'string' && leaf.length > max) {
      const { start, length } = long.line(head, leaf);
      return line(start, length);
    }
    // a status or an error may hold newlines: each is a line of its own
    for (const text of (head + formatCliReply(leaf)).split('\n'))
      if (!line(text, text.length)) return false;
    return true;
  });
}

/**
 * `reply`'s first `maxLines` lines as redis-cli prints them, each cut at
 * {@link MAX_SHOWN_LINE_CHARS}, and what was cut (the note `cutNote` makes of it): the text
 * `cutText(formatCliReply(reply), maxLines)` gives, without formatting the rest.
 */
export function shownReply(reply: Reply, maxLines: number): { lines: string[]; cut: Cut } {
  const lines: string[] = [];
  let longest = 0;
  eachLineUpTo(reply, MAX_SHOWN_LINE_CHARS, (text, length) => {
    if (length > MAX_SHOWN_LINE_CHARS) longest = Math.max(longest, length);
    lines.push(cutLine(text));
    return lines.length < maxLines;
  });
  const total = lines.length < maxLines ? lines.length : cliLineCount(reply);
  return { lines, cut: { total, shown: lines.length, longest } };
}

/**
 * `reply` as redis-cli prints it with its lines joined by spaces, as far as a line shows it:
 * its first `max` characters and more (all of it when shorter), so a line that holds it, cut at
 * `max` or sooner, reads as the whole reply's line would.
 */
export function replyOnOneLine(reply: Reply, max = MAX_SHOWN_LINE_CHARS): string {
  let text: string | null = null;
  eachLineUpTo(reply, max, (line) => {
    text = text === null ? line : `${text} ${line}`;
    return text.length <= max;
  });
  return text ?? '';
}
