/**
 * Text a user or a link chose, made safe to show inside a page's own sentences: nothing
 * in it may reverse, hide or garble what stands around it. Bytes that are not UTF-8 (held as
 * escapes, byte-text.ts) show as `\xhh`, as redis-cli prints them, never as "�"; control
 * characters as redis-cli's escapes (`\n`, `\x01`); and every format character (Unicode's Cf:
 * the bidi overrides and isolates such as RLO, zero-width spaces and joiners, the BOM, soft
 * hyphens) as `\uXXXX`, so it is seen rather than obeyed. Everything else, accents, emoji and
 * right-to-left letters included, is shown as it is ({@link isolate} keeps the direction of
 * right-to-left text from spilling over its neighbours).
 */
import { isByteEscape } from './byte-text.ts';

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const FORMAT = /\p{Cf}/u;
// printable ASCII and the letters, marks and symbols of U+00AE–U+05FF (no format character or
// control among them): a string of only these needs no look at each character
const PLAIN = /^[ -~\u00ae-\u05ff]*$/;
const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
/** A code point spelled out as JavaScript writes it: `\u202E`, or `\u{1D173}` past the BMP. */
const spelled = (code: number) => (code > 0xffff ? `\\u{${hex(code, 5)}}` : `\\u${hex(code, 4)}`);

/** `s` with every invisible or direction-changing character spelled out. */
export function visibleText(s: string): string {
  // the common case, plain text (printable ASCII, then anything above the ranges that hold
  // format characters or surrogates), comes back as itself
  if (PLAIN.test(s)) return s;
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += isByteEscape(code) ? `\\x${hex(code & 0xff, 2).toLowerCase()}` : spelled(code);
    else if (NAMED[ch]) out += NAMED[ch];
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2).toLowerCase()}`;
    else if ((code >= 0x80 && code < 0xa0) || FORMAT.test(ch)) out += spelled(code);
    else out += ch;
  }
  return out;
}

const FORMAT_ALL = /\p{Cf}/gu;

/**
 * `s` with only its format characters (RLO and the other bidi controls, zero-width spaces,
 * the BOM) spelled out as `\uXXXX`, everything else left as it is: for text that already reads
 * as the real tool prints it (the console's rows, in redis-cli's own escapes), where an RLO
 * would still turn the rest of its row.
 */
export function formatCharsShown(s: string): string {
  return PLAIN.test(s) ? s : s.replace(FORMAT_ALL, (ch) => spelled(ch.codePointAt(0)!));
}

/** First Strong Isolate: opens the plain-text form of `<bdi>` (closed by {@link PDI}). */
export const FSI = '\u2068';
/** Pop Directional Isolate: closes what {@link FSI} opened. */
export const PDI = '\u2069';

/**
 * `s` made visible and isolated for a sentence: between FSI and PDI, which a component turns
 * into `<bdi>` (and which keep the isolation in copied text). Any FSI or PDI of the user's own
 * was spelled out first, so only the page's marks say where the user's text begins and ends.
 */
export const isolate = (s: string): string => `${FSI}${visibleText(s)}${PDI}`;
