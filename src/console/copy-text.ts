/**
 * The text a cut output's Copy all puts on the clipboard, made only when it is asked for: a
 * typed line's replies are kept as the server answered them, measured as they arrive (so the
 * note can say at once whether a copy is kept) and formatted, in parts, only when the learner
 * copies. Formatted up front, every big reply cost its whole text (up to 16 MB) in the worker,
 * again in the message to the page, and again in the page's log, copied or not.
 */
import {
  eachCliLine,
  formatCliReply,
  lastQuotedLength,
  type Reply,
} from '@batch-lease/redis-sim/client';

/**
 * One reply a cut output keeps to copy: the text of a reply redis-cli prints raw (INFO's, which
 * the console formats anyway to show it), or the reply itself, formatted only when copied.
 * A reply is the server's answer, never changed after it (the stepper's trace keeps them too).
 */
export type CopyPiece = { readonly text: string } | { readonly reply: Reply };

/**
 * The length of `formatCliReply(reply)` and the newline after it, counted without making the
 * text, or a number past `max` as soon as it passes `max` (a reply of gigabytes is not counted
 * to its end): each line's label and its leaf as redis-cli prints them ({@link eachCliLine}),
 * a string named again and again measured once.
 */
export function cliTextLength(reply: Reply, max: number): number {
  let n = 0;
  const measure = lastQuotedLength();
  eachCliLine(reply, (head, leaf) => {
    n += head.length + (typeof leaf === 'string' ? measure(leaf) : formatCliReply(leaf).length) + 1;
    return n <= max;
  });
  return n;
}

/** How many characters a part of a copy sent to the page holds, about (a line is never split). */
export const COPY_PART_CHARS = 1 << 20;

/**
 * The copy's text in parts of about {@link COPY_PART_CHARS}, in order: each piece's lines, each
 * ended by a newline, as the log's output lines were before they were cut. The parts go to the
 * page one message each, and the clipboard takes them as they are, so neither side ever joins
 * the whole text into one string.
 */
export function copyParts(pieces: readonly CopyPiece[]): string[] {
  const parts: string[] = [];
  let part: string[] = [];
  let chars = 0;
  const add = (line: string) => {
    part.push(line, '\n');
    chars += line.length + 1;
    if (chars >= COPY_PART_CHARS) {
      parts.push(part.join(''));
      part = [];
      chars = 0;
    }
  };
  for (const piece of pieces) {
    if ('text' in piece) add(piece.text);
    else
      eachCliLine(piece.reply, (head, leaf) => {
        add(head + formatCliReply(leaf));
        return true;
      });
  }
  if (part.length > 0) parts.push(part.join(''));
  return parts;
}
