/**
 * Score and lex ranges of a sorted set (t_zset.c's zrangespec and zlexrangespec): how their
 * bounds are read, and the walk every BYSCORE/BYLEX reader and remover takes over the set's
 * order. The walk is the listpack's (zzlFirstInRange and its kin): find the first member in
 * range from one end, step over the offset without looking, then take members while they stay
 * in range. On a set whose members all share one score (what BYLEX is for) and on any score
 * range it is also what the skiplist answers.
 */
import { chargeElements } from '../command-work.ts';
import { compareBytes } from '../byte-order.ts';
import { NOT_INTEGER, err, type ErrorReply } from '../errors.ts';
import { redisParseInt, redisParseScoreBound } from '../numbers.ts';
import type { SortedSet } from '../sorted-set.ts';

/** Whether a member (with its score) lies past a range's lower bound, and within its upper one. */
export interface RangeTest {
  /** false for a range no member can be in (min above max, or equal and exclusive) */
  possible: boolean;
  gteMin(member: string, score: number): boolean;
  lteMax(member: string, score: number): boolean;
}

/** `ERR min or max is not a float`: a score bound strtod cannot read whole, or NaN. */
const MIN_MAX_NOT_FLOAT = 'ERR min or max is not a float';
/** A lex bound that is not `-`, `+` or `(`/`[` followed by the member. */
const MIN_MAX_NOT_LEX = 'ERR min or max not valid string range item';

/** A score range (zslParseRange), or null when a bound does not read. */
export function scoreRange(min: string, max: string): RangeTest | null {
  const lo = redisParseScoreBound(min);
  const hi = redisParseScoreBound(max);
  if (lo === null || hi === null) return null;
  return {
    possible: !(lo.value > hi.value || (lo.value === hi.value && (lo.exclusive || hi.exclusive))),
    gteMin: (_, s) => (lo.exclusive ? s > lo.value : s >= lo.value),
    lteMax: (_, s) => (hi.exclusive ? s < hi.value : s <= hi.value),
  };
}

/** A lex bound: below every member (`-`), above every member (`+`), or a member. */
type LexBound = { edge: 'min' | 'max' } | { member: string; exclusive: boolean };

/** zslParseLexRangeItem: `+`, `-`, `(member` or `[member`; null for anything else. */
function lexBound(s: string): LexBound | null {
  switch (s[0]) {
    case '+':
      return s.length === 1 ? { edge: 'max' } : null;
    case '-':
      return s.length === 1 ? { edge: 'min' } : null;
    case '(':
      return { member: s.slice(1), exclusive: true };
    case '[':
      return { member: s.slice(1), exclusive: false };
    default:
      return null;
  }
}

/** sdscmplex: the shared minstring and maxstring below and above every member. */
function compareLex(a: LexBound | string, b: LexBound | string): number {
  const edgeA = typeof a === 'string' ? null : 'edge' in a ? a.edge : null;
  const edgeB = typeof b === 'string' ? null : 'edge' in b ? b.edge : null;
  if (edgeA !== null && edgeA === edgeB) return 0;
  if (edgeA === 'min' || edgeB === 'max') return -1;
  if (edgeA === 'max' || edgeB === 'min') return 1;
  const textA = typeof a === 'string' ? a : 'member' in a ? a.member : '';
  const textB = typeof b === 'string' ? b : 'member' in b ? b.member : '';
  return compareBytes(textA, textB);
}

/** A lex range (zslParseLexRange), or null when a bound does not read. */
export function lexRange(min: string, max: string): RangeTest | null {
  const lo = lexBound(min);
  const hi = lexBound(max);
  if (lo === null || hi === null) return null;
  // `-` and `+` are exclusive bounds (their sds is the shared min or max string)
  const loEx = 'edge' in lo || lo.exclusive;
  const hiEx = 'edge' in hi || hi.exclusive;
  const cmp = compareLex(lo, hi);
  return {
    possible: !(cmp > 0 || (cmp === 0 && (loEx || hiEx))),
    gteMin: (m) => (loEx ? compareLex(m, lo) > 0 : compareLex(m, lo) >= 0),
    lteMax: (m) => (hiEx ? compareLex(m, hi) < 0 : compareLex(m, hi) <= 0),
  };
}

/**
 * The members a BYSCORE/BYLEX walk over `z` takes: from the first member in range (the
 * last one when `reverse`), `offset` members skipped unchecked (a negative offset skips them
 * all), then up to `limit` (negative: no limit) while they stay in range.
 */
export function walkRange(
  z: SortedSet,
  range: RangeTest,
  reverse: boolean,
  offset = 0,
  limit = -1,
): string[] {
  const order = z.members();
  const n = order.length;
  const score = (i: number) => z.score(order[i]!) ?? 0;
  const gteMin = (i: number) => range.gteMin(order[i]!, score(i));
  const lteMax = (i: number) => range.lteMax(order[i]!, score(i));
  // zzlIsInLexRange / zslIsInRange: nothing when the range is empty or misses the set
  if (n === 0 || !range.possible) return [];
  if (!gteMin(n - 1) || !lteMax(0)) return [];
  let i = -1;
  // the range's first member is found by a walk from the end (a skiplist's search on a real
  // server): the members walked past are work no reply shows
  let j = reverse ? n - 1 : 0;
  if (reverse) {
    for (; j >= 0; j--) {
      if (lteMax(j)) {
        if (gteMin(j)) i = j;
        break;
      }
    }
  } else {
    for (; j < n; j++) {
      if (gteMin(j)) {
        if (lteMax(j)) i = j;
        break;
      }
    }
  }
  chargeElements(reverse ? n - 1 - j : j);
  if (i < 0 || offset < 0) return [];
  const step = reverse ? -1 : 1;
  i += step * offset;
  const inRange = reverse ? gteMin : lteMax;
  const out: string[] = [];
  for (let left = limit; i >= 0 && i < n && left !== 0; i += step, left--) {
    if (!inRange(i)) break;
    out.push(order[i]!);
  }
  return out;
}

/** How a command reads its two range arguments: as ranks, scores or members (BYLEX). */
export type RangeType = 'rank' | 'score' | 'lex';

/**
 * The two range arguments read as `by` says, before the key is looked up: a rank pair (start,
 * then end, each an integer), a score or lex range, or the error reply.
 */
export function readRange(
  by: RangeType,
  min: string,
  max: string,
): { ranks: [number, number] } | { range: RangeTest } | ErrorReply {
  if (by === 'rank') {
    const start = redisParseInt(min);
    if (start === null) return err(NOT_INTEGER);
    const end = redisParseInt(max);
    if (end === null) return err(NOT_INTEGER);
    return { ranks: [start, end] };
  }
  const range = by === 'score' ? scoreRange(min, max) : lexRange(min, max);
  return range ? { range } : err(by === 'score' ? MIN_MAX_NOT_FLOAT : MIN_MAX_NOT_LEX);
}
