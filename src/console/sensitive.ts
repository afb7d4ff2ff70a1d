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

/** Whether redis-cli would keep `line` out of its history (it carries a password). */
export function isSensitive(line: string): boolean {
  const argv = wordsOf(line);
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
