/**
 * redis-cli's line parser (sds.c's sdssplitargs), so a line typed in the console means what
 * it means at the redis-cli prompt: words split on blanks; "double quotes" take \n \r \t \b \a,
 * \xhh and \<any> (the character itself); 'single quotes' take only \' ; a closing quote must
 * be followed by a blank or the end; an unclosed quote makes the whole line invalid.
 *
 * It works on the line's UTF-8 bytes, as the C code does, and an argument's bytes (after \x
 * escapes) are sent as they are: bytes that are not UTF-8 travel as escaped bytes
 * (byte-text.ts), as a real server takes any bytes.
 */
import { bytesOfText, textOfBytes } from './byte-text.ts';

/** What a line splits into. */
export type SplitResult = { ok: true; args: string[] } | { ok: false; reason: 'unbalanced' };

const SPACE = 0x20;
const BACKSLASH = 0x5c;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

/** C's isspace: space, \t, \n, \v, \f, \r. */
const isSpace = (b: number | undefined) =>
  b === SPACE || (b !== undefined && b >= 0x09 && b <= 0x0d);
/** The blanks that end an unquoted word (sdssplitargs's own list, narrower than isspace). */
const endsWord = (b: number | undefined) =>
  b === undefined || b === SPACE || b === 0x0a || b === 0x0d || b === 0x09;
const hexValue = (b: number | undefined): number | null => {
  if (b === undefined) return null;
  const c = String.fromCharCode(b);
  return /[0-9a-fA-F]/.test(c) ? parseInt(c, 16) : null;
};

const ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, b: 0x08, a: 0x07 };

/** Splits `line` as redis-cli does. A NUL ends the line, as it ends a C string. */
export function splitArgs(line: string): SplitResult {
  const all = bytesOfText(line);
  const nul = all.indexOf(0);
  const bytes = nul === -1 ? all : all.subarray(0, nul);
  const words: number[][] = [];
  let p = 0;
  const at = (i: number): number | undefined => (i < bytes.length ? bytes[i] : undefined);
  for (;;) {
    while (p < bytes.length && isSpace(at(p))) p++;
    if (p >= bytes.length) break;
    const cur: number[] = [];
    let inDouble = false;
    let inSingle = false;
    for (let done = false; !done;) {
      const c = at(p);
      if (inDouble) {
        const h1 = hexValue(at(p + 2));
        const h2 = hexValue(at(p + 3));
        if (c === BACKSLASH && at(p + 1) === 0x78 && h1 !== null && h2 !== null) {
          cur.push(h1 * 16 + h2);
          p += 3;
        } else if (c === BACKSLASH && at(p + 1) !== undefined) {
          p++;
          const e = at(p)!;
          cur.push(ESCAPES[String.fromCharCode(e)] ?? e);
        } else if (c === DQUOTE) {
          if (at(p + 1) !== undefined && !isSpace(at(p + 1)))
            return { ok: false, reason: 'unbalanced' };
          done = true;
        } else if (c === undefined) {
          return { ok: false, reason: 'unbalanced' };
        } else cur.push(c);
      } else if (inSingle) {
        if (c === BACKSLASH && at(p + 1) === SQUOTE) {
          p++;
          cur.push(SQUOTE);
        } else if (c === SQUOTE) {
          if (at(p + 1) !== undefined && !isSpace(at(p + 1)))
            return { ok: false, reason: 'unbalanced' };
          done = true;
        } else if (c === undefined) {
          return { ok: false, reason: 'unbalanced' };
        } else cur.push(c);
      } else if (endsWord(c)) {
        done = true;
      } else if (c === DQUOTE) inDouble = true;
      else if (c === SQUOTE) inSingle = true;
      else cur.push(c);
      if (p < bytes.length) p++;
    }
    words.push(cur);
  }
  return { ok: true, args: words.map(textOfBytes) };
}
