/** The index ranges of the list and sorted-set commands (LRANGE, LTRIM, ZRANGE, ZREMRANGEBYRANK). */

/**
 * Redis's start/end sanitising over a sequence of `len`: negative indexes count from the tail,
 * start is raised to 0 and end lowered to the last index. The inclusive span, or null when it
 * holds nothing.
 */
export function rankSpan(len: number, start: number, end: number): [number, number] | null {
  let s = start < 0 ? len + start : start;
  let e = end < 0 ? len + end : end;
  if (s < 0) s = 0;
  if (s > e || s >= len) return null;
  if (e >= len) e = len - 1;
  return [s, e];
}
