/**
 * Redis's glob (`stringmatchlen`) for KEYS: `*`, `?`, `[abc]`, `[^a]`,
 * `[a-z]` and `\` escapes. An unclosed `[` runs to the end of the pattern,
 * as in Redis.
 */
export function globMatch(pattern: string, text: string): boolean {
  return match(pattern, 0, text, 0);
}

function match(p: string, pi: number, s: string, si: number): boolean {
  while (pi < p.length) {
    const c = p[pi];
    if (c === '*') {
      while (p[pi + 1] === '*') pi++;
      if (pi + 1 === p.length) return true;
      for (let k = si; k <= s.length; k++) if (match(p, pi + 1, s, k)) return true;
      return false;
    }
    if (si >= s.length) return false;
    if (c === '?') {
      pi++;
      si++;
      continue;
    }
    if (c === '[') {
      const r = matchClass(p, pi + 1, s[si] ?? '');
      if (!r.ok) return false;
      pi = r.next;
      si++;
      continue;
    }
    let lit = c;
    if (c === '\\' && pi + 1 < p.length) {
      pi++;
      lit = p[pi];
    }
    if (lit !== s[si]) return false;
    pi++;
    si++;
  }
  return si === s.length;
}

function matchClass(p: string, start: number, ch: string): { ok: boolean; next: number } {
  let i = start;
  const negate = p[i] === '^';
  if (negate) i++;
  let hit = false;
  while (i < p.length && p[i] !== ']') {
    if (p[i] === '\\' && i + 1 < p.length) {
      i++;
      if (p[i] === ch) hit = true;
      i++;
    } else if (p[i + 1] === '-' && i + 2 < p.length && p[i + 2] !== ']') {
      let lo = p.charCodeAt(i);
      let hi = p.charCodeAt(i + 2);
      if (lo > hi) [lo, hi] = [hi, lo];
      const c = ch.charCodeAt(0);
      if (c >= lo && c <= hi) hit = true;
      i += 3;
    } else {
      if (p[i] === ch) hit = true;
      i++;
    }
  }
  // past the closing bracket, or at the end when it was never closed
  return { ok: negate ? !hit : hit, next: i < p.length ? i + 1 : i };
}
