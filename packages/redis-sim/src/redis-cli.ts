import { byteStringOfText } from './byte-text.ts';
import { isIntegerReply, isNilArray } from './errors.ts';
import type { Reply } from './trace-types.ts';

const NAMED: Record<number, string> = {
  0x5c: '\\\\',
  0x22: '\\"',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x07: '\\a',
  0x08: '\\b',
};

/** Each byte as sdscatrepr writes it when it is not written as itself. */
const ESCAPED: readonly string[] = Array.from(
  { length: 256 },
  (_, b) => NAMED[b] ?? `\\x${b.toString(16).padStart(2, '0')}`,
);

/** A byte sdscatrepr does not write as itself: all but printable ASCII, and `"` and `\` too. */
const NOT_ITSELF = /[^ !#-[\]-~]/g;

/**
 * A bulk string as redis-cli quotes it (sdscatrepr): printable ASCII as is, the
 * usual backslash escapes, and every other byte (of the UTF-8, or an escaped byte) as `\xhh`.
 * Only the bytes that change are visited, by one native scan: a reply of 50 MB quoted a byte at
 * a time took a minute, past the console's watchdog, and its answer was lost.
 */
export function quoteBulk(s: string): string {
  return `"${byteStringOfText(s).replace(NOT_ITSELF, (c) => ESCAPED[c.charCodeAt(0)]!)}"`;
}

/**
 * A reply as redis-cli 7 prints it on a terminal: `(integer) 1`, `(nil)`,
 * `(error) …`, `(empty array)`, or numbered lines for an array ({@link eachCliLine}'s lines).
 */
export function formatCliReply(reply: Reply): string {
  if (!Array.isArray(reply) || reply.length === 0) return formatLeaf(reply);
  const lines: string[] = [];
  eachCliLine(reply, (head, leaf) => {
    lines.push(head + formatLeaf(leaf));
    return true;
  });
  return lines.join('\n');
}

/** A reply that is not a non-empty array, as redis-cli prints it. */
function formatLeaf(reply: Reply): string {
  if (reply === null || isNilArray(reply)) return '(nil)';
  if (isIntegerReply(reply)) return `(integer) ${reply}`;
  if (typeof reply === 'string') return quoteBulk(reply);
  if (Array.isArray(reply)) return '(empty array)';
  return 'status' in reply ? reply.status : `(error) ${reply.error}`;
}

/**
 * {@link formatCliReply}'s text a line at a time, without making the whole: `line` is handed each
 * line as the label that begins it (`head`: the numbers of the arrays it is in, or spaces) and
 * the reply it shows (`leaf`: anything but a non-empty array), in order, until it answers false.
 * The line is `head + formatCliReply(leaf)` (a status or an error holding a newline is more than
 * one). So a reply of millions of lines can be shown by its first lines and counted by
 * {@link cliLineCount}: formatted whole, HGETALL of a million fields took seconds, outside every
 * limit of a line.
 */
export function eachCliLine(reply: Reply, line: (head: string, leaf: Reply) => boolean): void {
  visitLines(reply, 0, '', line);
}

/** Visits `reply`'s lines at `indent`, its first line after `head`; false once `line` said stop. */
function visitLines(
  reply: Reply,
  indent: number,
  head: string,
  line: (head: string, leaf: Reply) => boolean,
): boolean {
  if (!Array.isArray(reply) || reply.length === 0) return line(head, reply);
  const width = String(reply.length).length;
  const pad = ' '.repeat(indent);
  for (let n = 0; n < reply.length; n++) {
    const label = `${String(n + 1).padStart(width)}) `;
    if (!visitLines(reply[n]!, indent + label.length, (n === 0 ? head : pad) + label, line))
      return false;
  }
  return true;
}

/**
 * How many lines {@link formatCliReply}'s text of `reply` has (its newlines and one), counted
 * without formatting it: one a leaf, as a bulk string is quoted onto one line, and the newlines
 * a status or an error holds besides.
 */
export function cliLineCount(reply: Reply): number {
  if (Array.isArray(reply)) {
    if (reply.length === 0) return 1;
    let n = 0;
    for (const item of reply) n += cliLineCount(item);
    return n;
  }
  if (reply === null || typeof reply !== 'object') return 1;
  const text = 'status' in reply ? reply.status : 'error' in reply ? reply.error : '';
  let n = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** How many characters each byte takes in {@link quoteBulk}'s text. */
const QUOTED_WIDTH: readonly number[] = Array.from(
  { length: 256 },
  (_, b) => String.fromCharCode(b).replace(NOT_ITSELF, (c) => ESCAPED[c.charCodeAt(0)]!).length,
);

/** The length of {@link quoteBulk}'s text of `s`, counted without making it. */
export function quotedLength(s: string): number {
  const bytes = byteStringOfText(s);
  let n = 2;
  for (let i = 0; i < bytes.length; i++) n += QUOTED_WIDTH[bytes.charCodeAt(i)]!;
  return n;
}

/**
 * The first `max` characters of {@link quoteBulk}'s text of `s` (all of it when shorter),
 * quoting only the start of `s` they need: each character quotes to one or more, and one more
 * keeps a surrogate pair at the cut whole.
 */
export function quoteBulkStart(s: string, max: number): string {
  return quoteBulk(s.slice(0, max + 1)).slice(0, max);
}

/**
 * Lines that name a long bulk string, printed only as far as a cut at `max` shows them: the
 * line's start (one character past `max`, so the cut ends where the whole line's would) and the
 * whole line's length, counted without quoting it. A reply may name one string of megabytes a
 * thousand times over (a script's table of one string's references): the last string measured
 * is kept, so a line naming it again is not measured again.
 */
export class LongBulkLines {
  private readonly measure = lastQuotedLength();

  constructor(private readonly max: number) {}

  /** `head` (the line's number or label) and `bulk` as redis-cli prints them, cut past `max`. */
  line(head: string, bulk: string): { start: string; length: number } {
    return {
      start: head + quoteBulkStart(bulk, this.max + 1),
      length: head.length + this.measure(bulk),
    };
  }
}

/**
 * {@link quotedLength}, remembering the last string it measured: a reply naming one string of
 * megabytes a thousand times over (a script's table of one string's references) measures it once.
 */
export function lastQuotedLength(): (s: string) => number {
  let last: string | null = null;
  let lastLength = 0;
  return (s) => {
    if (s !== last) {
      last = s;
      lastLength = quotedLength(s);
    }
    return lastLength;
  };
}

/** A command line as typed at the redis-cli prompt, quoting any argument that needs it. */
export function formatCliCommand(args: readonly string[]): string {
  return args
    .map((a) => (/^[\x21-\x7e]+$/.test(a) && !/["'\\]/.test(a) ? a : quoteBulk(a)))
    .join(' ');
}

/**
 * The commands whose reply redis-cli prints raw even on a terminal (cliSendCommand's list):
 * INFO's text appears as the server wrote it, not as a quoted string.
 */
export function printsRaw(args: readonly string[]): boolean {
  const [c = '', sub = ''] = args.map((a) => a.toLowerCase());
  if (c === 'info' || c === 'lolwut') return true;
  if (c === 'client' && args.length >= 2) return sub === 'list' || sub === 'info';
  if (c === 'memory' && args.length >= 2) return sub === 'malloc-stats' || sub === 'doctor';
  if (c === 'latency')
    return (args.length === 2 && sub === 'doctor') || (args.length === 3 && sub === 'graph');
  if (c === 'cluster' && args.length === 2) return sub === 'nodes' || sub === 'info';
  return false;
}

function formatRaw(reply: Reply): string {
  if (reply === null || isNilArray(reply)) return '';
  if (isIntegerReply(reply)) return String(reply);
  if (typeof reply === 'string') return reply;
  if (Array.isArray(reply)) return reply.map(formatRaw).join('\n');
  return 'status' in reply ? reply.status : `${reply.error}\n`;
}

/**
 * Exactly what `redis-cli` writes to a terminal for `reply` to the command `args`, newline
 * included: the TTY layout ({@link formatCliReply}) followed by a newline, or for INFO and
 * the other raw commands the text itself, with no newline added.
 */
export function formatCliOutput(args: readonly string[], reply: Reply): string {
  return printsRaw(args) ? formatRaw(reply) : `${formatCliReply(reply)}\n`;
}
