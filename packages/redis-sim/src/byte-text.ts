/**
 * Redis strings are bytes; the simulator's keys, values and replies are JavaScript text. Text
 * holds any bytes by decoding them as UTF-8 where they are UTF-8 and keeping every other byte
 * as an escape of its own: the byte 0xhh (0x80–0xFF) becomes U+DChh, a lone low surrogate,
 * which no UTF-8 decoding produces (Python calls this "surrogateescape"). So bytes → text →
 * bytes is the identity, a script's `string.char(200)` stored by SET comes back from GET as the
 * one byte it was, and valid UTF-8 (almost everything a user types) is plain text.
 */

const ESCAPE_BASE = 0xdc00;

/** True when the UTF-16 unit `c` is an escaped byte (U+DC80–U+DCFF). */
export function isByteEscape(c: number): boolean {
  return c >= 0xdc80 && c <= 0xdcff;
}

// the length of the UTF-8 sequence `lead` begins, and the range its second byte must fall in
// (which rules out overlong forms, surrogates and code points above U+10FFFF), or null; the
// answers are shared constants, so decoding allocates nothing per character
function sequenceOf(lead: number): readonly [number, number, number] | null {
  if (lead >= 0xc2 && lead <= 0xdf) return SEQ_2;
  if (lead === 0xe0) return SEQ_E0;
  if (lead === 0xed) return SEQ_ED;
  if (lead >= 0xe1 && lead <= 0xef) return SEQ_3;
  if (lead === 0xf0) return SEQ_F0;
  if (lead >= 0xf1 && lead <= 0xf3) return SEQ_4;
  if (lead === 0xf4) return SEQ_F4;
  return null;
}
const SEQ_2 = [2, 0x80, 0xbf] as const;
const SEQ_E0 = [3, 0xa0, 0xbf] as const;
const SEQ_ED = [3, 0x80, 0x9f] as const;
const SEQ_3 = [3, 0x80, 0xbf] as const;
const SEQ_F0 = [4, 0x90, 0xbf] as const;
const SEQ_4 = [4, 0x80, 0xbf] as const;
const SEQ_F4 = [4, 0x80, 0x8f] as const;

/** Char codes (bytes, or UTF-16 units) as a string, in slices fromCharCode takes at once. */
function stringOfCodes(codes: ArrayLike<number>): string {
  const SLICE = 8192;
  let out = '';
  for (let i = 0; i < codes.length; i += SLICE)
    out += String.fromCharCode.apply(null, Array.prototype.slice.call(codes, i, i + SLICE));
  return out;
}

/** Text for `bytes`: UTF-8 decoded, each byte of anything else kept as its escape. */
export function textOfBytes(bytes: ArrayLike<number>): string {
  return textOfByteString(stringOfCodes(bytes));
}

/**
 * {@link textOfBytes} for bytes held one per char (codes 0–255), as the Lua engine holds a
 * string. Runs of ASCII are copied as slices of the string, so only the other bytes are
 * looked at one by one, and a string that is all ASCII comes back as itself.
 */
export function textOfByteString(bytes: string): string {
  // all ASCII, found by one native scan: ten megabytes are not walked a char at a time
  if (isAscii(bytes)) return bytes;
  const n = bytes.length;
  let out = '';
  // where the ASCII not yet copied to `out` begins
  let run = 0;
  for (let i = 0; i < n;) {
    const b = bytes.charCodeAt(i);
    if (b < 0x80) {
      i++;
      continue;
    }
    if (run < i) out += bytes.slice(run, i);
    const seq = sequenceOf(b);
    let ok = seq !== null && i + seq[0] <= n;
    if (ok) {
      const second = bytes.charCodeAt(i + 1);
      ok = second >= seq![1] && second <= seq![2];
      for (let j = 2; ok && j < seq![0]; j++) ok = (bytes.charCodeAt(i + j) & 0xc0) === 0x80;
    }
    if (!ok) {
      // one byte at a time: whatever follows is read afresh
      out += String.fromCharCode(ESCAPE_BASE + b);
      run = ++i;
      continue;
    }
    const len = seq![0];
    let cp = b & (len === 2 ? 0x1f : len === 3 ? 0x0f : 0x07);
    for (let j = 1; j < len; j++) cp = (cp << 6) | (bytes.charCodeAt(i + j) & 0x3f);
    out +=
      cp < 0x10000
        ? String.fromCharCode(cp)
        : String.fromCharCode(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    run = i += len;
  }
  // nothing but ASCII: the string itself
  return run === 0 ? bytes : out + bytes.slice(run);
}

/**
 * The bytes `text` stands for: UTF-8, with each escape back as its byte. A lone surrogate that
 * is no escape (text typed or pasted, never decoded) becomes U+FFFD, as TextEncoder writes it.
 */
export function bytesOfText(text: string): Uint8Array {
  const s = byteStringOfText(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** A UTF-16 unit outside ASCII (not global: `test` keeps no place between calls). */
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * Whether every unit of `s` is ASCII, where text and byte strings agree. One native scan: the
 * regex engine reads a string of megabytes many times faster than a loop of `charCodeAt`.
 */
export const isAscii = (s: string): boolean => !NOT_ASCII.test(s);

/** The index of the first unit of `s` outside ASCII, or -1 (one native scan, as {@link isAscii}). */
export const firstNonAscii = (s: string): number => s.search(NOT_ASCII);

/**
 * {@link bytesOfText} as a string of one char per byte (how the Lua engine holds a string).
 * Runs of ASCII are copied as slices, and text that is all ASCII comes back as itself.
 */
export function byteStringOfText(text: string): string {
  // all ASCII, found by one native scan: a reply of many megabytes is not walked a char at a time
  if (isAscii(text)) return text;
  let out = '';
  // where the ASCII not yet copied to `out` begins
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (run < i) out += text.slice(run, i);
    if (c < 0x800) out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c >= 0xd800 && c <= 0xdbff && isLow(text.charCodeAt(i + 1))) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
      out += String.fromCharCode(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      );
      i++;
    } else if (isByteEscape(c)) out += String.fromCharCode(c - ESCAPE_BASE);
    else if (c >= 0xd800 && c <= 0xdfff) out += '\xef\xbf\xbd';
    else out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    run = i + 1;
  }
  return run === 0 ? text : out + text.slice(run);
}

/** True when the UTF-16 unit `c` is a low (trailing) surrogate. */
export const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** True when `text` holds an escaped byte (it is not valid UTF-8 as bytes). */
export function hasByteEscapes(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && isLow(text.charCodeAt(i + 1))) i++;
    else if (isByteEscape(c)) return true;
  }
  return false;
}
