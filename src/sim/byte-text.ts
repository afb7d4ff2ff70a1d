/**
 * Redis strings are bytes; the simulator's keys, values and replies are JavaScript text. Text
 * holds any bytes by decoding them as UTF-8 where they are UTF-8 and keeping every other byte
 * as an escape of its own: the byte 0xhh (0x80–0xFF) becomes U+DChh, a lone low surrogate,
 * which no UTF-8 decoding produces (Python calls this "surrogateescape"). So bytes → text →
 * bytes is the identity, a script's `string.char(200)` stored by SET comes back from GET as the
 * one byte it was, and valid UTF-8 (almost everything a learner types) is plain text.
 */

const ESCAPE_BASE = 0xdc00;

/** True when the UTF-16 unit `c` is an escaped byte (U+DC80–U+DCFF). */
export function isByteEscape(c: number): boolean {
  return c >= 0xdc80 && c <= 0xdcff;
}

// the length of the UTF-8 sequence `lead` begins, and the range its second byte must fall in
// (which rules out overlong forms, surrogates and code points above U+10FFFF), or null
function sequenceOf(lead: number): [number, number, number] | null {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return null;
}

/** Text for `bytes`: UTF-8 decoded, each byte of anything else kept as its escape. */
export function textOfBytes(bytes: ArrayLike<number>): string {
  let out = '';
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    const seq = sequenceOf(b);
    let ok = seq !== null && i + seq[0] <= n;
    if (ok) {
      const second = bytes[i + 1]!;
      ok = second >= seq![1] && second <= seq![2];
      for (let j = 2; ok && j < seq![0]; j++) ok = (bytes[i + j]! & 0xc0) === 0x80;
    }
    if (!ok) {
      // one byte at a time: whatever follows is read afresh
      out += String.fromCharCode(ESCAPE_BASE + b);
      i++;
      continue;
    }
    const len = seq![0];
    let cp = b & (len === 2 ? 0x1f : len === 3 ? 0x0f : 0x07);
    for (let j = 1; j < len; j++) cp = (cp << 6) | (bytes[i + j]! & 0x3f);
    out += String.fromCodePoint(cp);
    i += len;
  }
  return out;
}

/**
 * The bytes `text` stands for: UTF-8, with each escape back as its byte. A lone surrogate that
 * is no escape (text typed or pasted, never decoded) becomes U+FFFD, as TextEncoder writes it.
 */
export function bytesOfText(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c >= 0xd800 && c <= 0xdbff && isLow(text.charCodeAt(i + 1))) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f));
      out.push(0x80 | (cp & 0x3f));
      i++;
    } else if (isByteEscape(c)) out.push(c - ESCAPE_BASE);
    else if (c >= 0xd800 && c <= 0xdfff) out.push(0xef, 0xbf, 0xbd);
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(out);
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
