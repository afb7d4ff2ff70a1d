/**
 * Which typed lines carry a password, so they are kept out of everything that outlives the
 * line: the ↑/↓ history, the link (`console=`) and the Embed dialog's snippets. The rule is
 * redis-cli's own `isSensitiveCommand` (src/redis-cli.c), which keeps such lines out of
 * ~/.rediscli_history: 7.0.15's cases (AUTH; ACL SETUSER; CONFIG SET masterauth, masteruser or
 * requirepass; HELLO … AUTH user pass; MIGRATE … AUTH pass / AUTH2 user pass) with what later
 * versions added (ACL GETUSER/DELUSER, every parameter of a multi-parameter CONFIG SET, the TLS
 * key passphrases, SENTINEL's auth settings). The line is split as redis-cli splits it, after a
 * repeat count (`3 AUTH pw`), as redis-cli skips it.
 *
 * Wider than redis-cli where a password could still be in the line: a HELLO or MIGRATE line
 * naming AUTH anywhere (redis-cli looks only where the server would read it, but a mistyped
 * line holds the password all the same), and a line redis-cli cannot split (an unclosed quote),
 * which is judged by its blank-separated words.
 */
import { splitArgs } from '@batch-lease/redis-sim/client';

const CONFIG_SECRETS = [
  'masterauth',
  'masteruser',
  'requirepass',
  'tls-key-file-pass',
  'tls-client-key-file-pass',
];

/** The line's words as redis-cli reads them, lower-cased, after a repeat count. */
function wordsOf(line: string): string[] {
  const split = splitArgs(line);
  const words = (split.ok ? split.args : line.trim().split(/\s+/)).map((w) => w.toLowerCase());
  // redis-cli: a first word that is all digits, with more after it, is a repeat count
  return words.length > 1 && /^-?\d+$/.test(words[0]!) ? words.slice(1) : words;
}

/** The commands whose line can carry a password: only these are read past their first word. */
const CARRIERS = new Set(['auth', 'acl', 'config', 'hello', 'migrate', 'sentinel']);

/** What redis-cli's splitter skips between words; a word ends at the first four of them. */
const BLANKS = ' \t\n\r\v\f';
const ENDS = ' \t\n\r';
/** Printable ASCII but a quote or a backslash: the splitter reads such a word as it is. */
const PLAIN = /[!#-&(-[\]-~]*/y;

/**
 * The command word of `line`, lower-cased, read from its start alone: after a repeat count, as
 * {@link wordsOf} reads it. Null when its start is not plain words (a quote, an escape, a
 * character a splitter may read otherwise), which only the whole line's split can tell.
 */
function commandWord(line: string): string | null {
  const wordAt = (from: number) => {
    let at = from;
    while (at < line.length && BLANKS.includes(line[at]!)) at++;
    PLAIN.lastIndex = at;
    const word = PLAIN.exec(line)![0];
    const end = at + word.length;
    // ended by a blank or the line's end, or it is not a plain word
    return end === line.length || ENDS.includes(line[end]!)
      ? { word: word.toLowerCase(), end }
      : null;
  };
  const first = wordAt(0);
  if (!first) return null;
  if (!/^-?\d+$/.test(first.word)) return first.word;
  // a repeat count only with a word after it; with none, the count is the command
  const next = wordAt(first.end);
  if (!next) return null;
  return next.word === '' ? first.word : next.word;
}

/**
 * Whether redis-cli would keep `line` out of its history (it carries a password). Told by the
 * first word where it can be: only a command that can carry a password is split whole, so a
 * 64 KB SET costs a look at its start, not a split of every word (which took 20 to 57 ms).
 */
export function isSensitive(line: string): boolean {
  const cmd = commandWord(line);
  if (cmd !== null && !CARRIERS.has(cmd)) return false;
  if (cmd === 'auth') return true;
  return isSensitiveBySplit(line);
}

/**
 * {@link isSensitive}'s answer from the whole line's split, whatever its first word: the same
 * answer, only slower on a long line (its unit test holds them equal on generated lines).
 */
export function isSensitiveBySplit(line: string): boolean {
  return carriesPassword(wordsOf(line));
}

/** Whether the line's words (after a repeat count) carry a password, as redis-cli judges. */
function carriesPassword(argv: readonly string[]): boolean {
  const [cmd = '', sub = ''] = argv;
  switch (cmd) {
    case 'auth':
      return true;
    case 'acl':
      return ['setuser', 'getuser', 'deluser'].includes(sub);
    case 'config':
      return sub === 'set' && argv.slice(2).some((w) => CONFIG_SECRETS.includes(w));
    case 'hello':
      return argv.slice(1).includes('auth');
    case 'migrate':
      return argv.slice(1).some((w) => w === 'auth' || w === 'auth2');
    case 'sentinel':
      return argv
        .slice(1)
        .some((w) => ['sentinel-pass', 'sentinel-user', 'auth-pass', 'auth-user'].includes(w));
    default:
      return false;
  }
}
