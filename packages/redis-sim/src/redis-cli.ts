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
 * `(error) …`, `(empty array)`, or numbered lines for an array.
 */
export function formatCliReply(reply: Reply, indent = 0): string {
  if (reply === null || isNilArray(reply)) return '(nil)';
  if (isIntegerReply(reply)) return `(integer) ${reply}`;
  if (typeof reply === 'string') return quoteBulk(reply);
  if (!Array.isArray(reply)) return 'status' in reply ? reply.status : `(error) ${reply.error}`;
  if (reply.length === 0) return '(empty array)';
  const width = String(reply.length).length;
  return reply
    .map((item, n) => {
      const label = `${String(n + 1).padStart(width)}) `;
      const body = formatCliReply(item, indent + label.length);
      return `${n === 0 ? '' : ' '.repeat(indent)}${label}${body}`;
    })
    .join('\n');
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
function printsRaw(args: readonly string[]): boolean {
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
