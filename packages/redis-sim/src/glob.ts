/**
 * Redis 7.0.15's glob, `stringmatchlen` (util.c), for KEYS, the SCAN family, ACL key patterns
 * and the commands that filter names: `*`, `?`, `[abc]`, `[^a]`, `[a-z]` and `\` escapes,
 * ported step for step over the bytes of both strings, its quirks kept: an unclosed `[` runs
 * to the end of the pattern, a range's bounds are read as signed chars (a byte from 0x80 up
 * sorts below every ASCII one), `[a-]` is a range up to `]` whose class goes on past it, and
 * the empty string matches only the empty pattern, `*` included (KEYS and SCAN answer every key
 * for a pattern of `*` alone without matching, as the server does). Its early stop keeps it from the exponential
 * backtracking a naive matcher has: once the rest of the pattern after a `*` has failed from
 * every later place in the string, no earlier `*` can help, so every one of them gives up.
 */
import { byteStringOfText } from './byte-text.ts';

/** Whether `text` matches the glob `pattern`, as stringmatchlen answers (case-sensitive). */
export function globMatch(pattern: string, text: string): boolean {
  const skip = { longer: false };
  return match(byteStringOfText(pattern), 0, byteStringOfText(text), 0, skip);
}

/** A byte as C's signed char reads it. */
const signed = (b: number): number => (b > 127 ? b - 256 : b);

/**
 * stringmatchlen_impl on `p` from `pi` and `s` from `si` (byte strings, a char a byte). Where C
 * reads the NUL past the end of the pattern, `p[i]` is undefined, which equals no byte.
 */
function match(p: string, pi: number, s: string, si: number, skip: { longer: boolean }): boolean {
  const pEnd = p.length;
  const sEnd = s.length;
  while (pi < pEnd && si < sEnd) {
    const c = p[pi];
    if (c === '*') {
      while (pi < pEnd && p[pi + 1] === '*') pi++;
      if (pEnd - pi === 1) return true;
      while (si < sEnd) {
        if (match(p, pi + 1, s, si, skip)) return true;
        if (skip.longer) return false;
        si++;
      }
      // the rest of the pattern fails from every later place: no earlier `*` can do better
      skip.longer = true;
      return false;
    } else if (c === '?') {
      si++;
    } else if (c === '[') {
      const r = matchClass(p, pi + 1, s[si]!);
      if (!r.ok) return false;
      pi = r.at;
      si++;
    } else {
      if (c === '\\' && pEnd - pi >= 2) pi++;
      if (p[pi] !== s[si]) return false;
      si++;
    }
    pi++;
    if (si === sEnd) {
      while (p[pi] === '*') pi++;
      break;
    }
  }
  return pi >= pEnd && si === sEnd;
}

/**
 * The `[` case of stringmatchlen_impl from just past the `[`: whether byte `ch` is in the
 * class, and where the pattern stands at its end (its `]`, or its last byte when unclosed),
 * which the main loop then steps past.
 */
function matchClass(p: string, pi: number, ch: string): { ok: boolean; at: number } {
  const pEnd = p.length;
  const not = p[pi] === '^';
  if (not) pi++;
  let hit = false;
  for (;;) {
    const left = pEnd - pi;
    const c = p[pi];
    if (c === '\\' && left >= 2) {
      pi++;
      if (p[pi] === ch) hit = true;
    } else if (c === ']') {
      break;
    } else if (left === 0) {
      pi--;
      break;
    } else if (left >= 3 && p[pi + 1] === '-') {
      let start = signed(p.charCodeAt(pi));
      let end = signed(p.charCodeAt(pi + 2));
      if (start > end) [start, end] = [end, start];
      const sc = signed(ch.charCodeAt(0));
      pi += 2;
      if (sc >= start && sc <= end) hit = true;
    } else if (c === ch) {
      hit = true;
    }
    pi++;
  }
  return { ok: not ? !hit : hit, at: pi };
}
