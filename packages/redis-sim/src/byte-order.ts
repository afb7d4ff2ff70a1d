import { bytesOfText, firstNonAscii, isByteEscape, isLow } from './byte-text.ts';

/**
 * Compares two strings in the order of their UTF-8 bytes, which is how Redis
 * orders sorted-set members with equal scores (memcmp). UTF-8 byte order is
 * code point order; UTF-16 code units disagree only for surrogates, which are
 * moved above U+E000..U+FFFF before comparing.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let ca = a.charCodeAt(i);
    let cb = b.charCodeAt(i);
    if (ca !== cb) {
      // an escaped byte (byte-text.ts) is one byte, not a code point: compare the bytes
      if (isSurrogate(ca) || isSurrogate(cb))
        return compareByteArrays(bytesOfText(a), bytesOfText(b));
      if (ca >= 0xd800) ca = ca >= 0xe000 ? ca - 0x800 : ca + 0x2000;
      if (cb >= 0xd800) cb = cb >= 0xe000 ? cb - 0x800 : cb + 0x2000;
      return ca < cb ? -1 : 1;
    }
  }
  return a.length - b.length;
}

/**
 * The length in bytes of what a string stands for (its UTF-8, an escaped byte counting one),
 * the size Redis measures against its encoding limits.
 */
export function utf8Length(s: string): number {
  // the ASCII head in one native scan: a megabyte-long value is measured whenever it is stored
  const head = firstNonAscii(s);
  if (head < 0) return s.length;
  let n = head;
  for (let i = head; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLow(s.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else if (isByteEscape(c)) n += 1;
    else n += 3;
  }
  return n;
}

/**
 * Whether `s` stands for more than `limit` bytes, as {@link utf8Length} counts them, without
 * counting a long string whole: every UTF-16 unit stands for at least one byte, so a string
 * longer than `limit` units is over it. (An encoding check asks this of every value stored.)
 */
export function utf8LongerThan(s: string, limit: number): boolean {
  return s.length > limit || utf8Length(s) > limit;
}

const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

function compareByteArrays(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
