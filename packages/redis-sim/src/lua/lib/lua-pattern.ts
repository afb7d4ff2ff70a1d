/**
 * Lua 5.1's pattern matcher (the match machine of lstrlib.c), over byte
 * strings: single-character classes with C-locale ctype, sets, the
 * quantifiers `* + - ?`, anchors, captures (position captures too),
 * back-references, `%b` and the undocumented `%f` frontier, with 5.1's error
 * words. It is a backtracking matcher like the original, so it finds the
 * same match and the same captures, and fails where the original fails.
 *
 * The pattern is a C string there: it ends at its first NUL (`%z` is how a
 * pattern names the NUL byte). The subject is read up to its length; one
 * past its end reads as NUL, as the original reads its terminator.
 */
import { LuaRuntimeError } from '../values.ts';
import { chargeWork } from '../interpreter/runtime.ts';
import { patternStopText } from '../../stop-texts.ts';

const CAP_UNFINISHED = -1;
const CAP_POSITION = -2;
/** LUA_MAXCAPTURES in Redis 7.0's luaconf.h */
export const MAX_CAPTURES = 32;

/**
 * The simulator's bound on the matcher's work. A real server has none: a
 * catastrophic pattern blocks it until it is restarted (a busy script cannot
 * be killed inside a C function). The simulator stops instead, with words
 * saying so, rather than freeze the page.
 */
export const MATCH_STEP_LIMIT = 5_000_000;

const ESC = 37; // '%'
const SPECIALS = '^$*+?.([%-';

/** strpbrk(p, SPECIALS): does the C string (up to its first NUL) hold a special character? */
export function hasSpecials(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\0') return false;
    if (SPECIALS.includes(ch)) return true;
  }
  return false;
}

function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isLower(c: number): boolean {
  return c >= 97 && c <= 122;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}
function isCntrl(c: number): boolean {
  return c < 32 || c === 127;
}
function isPunct(c: number): boolean {
  return c > 32 && c < 127 && !isAlpha(c) && !isDigit(c);
}
function isXDigit(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** C-locale tolower (what match_class switches on). */
function toLower(c: number): number {
  return isUpper(c) ? c + 32 : c;
}

/** match_class: does byte `c` belong to class letter `cl` (upper case is the complement)? */
function matchClass(c: number, cl: number): boolean {
  let res: boolean;
  switch (toLower(cl)) {
    case 97:
      res = isAlpha(c);
      break; // a
    case 99:
      res = isCntrl(c);
      break; // c
    case 100:
      res = isDigit(c);
      break; // d
    case 108:
      res = isLower(c);
      break; // l
    case 112:
      res = isPunct(c);
      break; // p
    case 115:
      res = isSpace(c);
      break; // s
    case 117:
      res = isUpper(c);
      break; // u
    case 119:
      res = isAlpha(c) || isDigit(c);
      break; // w
    case 120:
      res = isXDigit(c);
      break; // x
    case 122:
      res = c === 0;
      break; // z
    default:
      return cl === c;
  }
  return isLower(cl) ? res : !res;
}

/**
 * One match attempt's state (MatchState): the subject, the pattern and the
 * captures found so far. `match` answers the end of the match or -1.
 */
export class LuaMatcher {
  /** number of captures, finished or not */
  level = 0;
  private readonly capInit: number[] = [];
  private readonly capLen: number[] = [];
  private readonly pat: string;
  private steps = 0;

  constructor(
    readonly src: string,
    pattern: string,
  ) {
    const nul = pattern.indexOf('\0');
    this.pat = nul === -1 ? pattern : pattern.slice(0, nul);
  }

  /** The pattern as the matcher reads it (cut at its first NUL). */
  get pattern(): string {
    return this.pat;
  }

  private p(i: number): number {
    return i < this.pat.length ? this.pat.charCodeAt(i) : 0;
  }

  private s(i: number): number {
    return i < this.src.length ? this.src.charCodeAt(i) : 0;
  }

  /** Runs the pattern from index `p` on the subject from index `s`: the match's end, or -1. */
  match(s: number, p: number): number {
    try {
      return this.doMatch(s, p);
    } catch (err) {
      // deep patterns exhaust the JS stack long after a real server would; say so plainly
      if (err instanceof RangeError) {
        throw new LuaRuntimeError('pattern too complex (the simulator ran out of stack)');
      }
      throw err;
    }
  }

  /** classend: the index just past the single-character class at `p`. */
  private classEnd(p: number): number {
    const c = this.p(p++);
    if (c === ESC) {
      if (this.p(p) === 0) throw new LuaRuntimeError("malformed pattern (ends with '%')");
      return p + 1;
    }
    if (c === 91) {
      // '['
      if (this.p(p) === 94) p++; // '^'
      do {
        if (this.p(p) === 0) throw new LuaRuntimeError("malformed pattern (missing ']')");
        if (this.p(p++) === ESC && this.p(p) !== 0) p++;
      } while (this.p(p) !== 93);
      return p + 1;
    }
    return p;
  }

  /** matchbracketclass: `p` at the '[', `ec` at the closing ']'. */
  private matchBracket(c: number, p: number, ec: number): boolean {
    let sig = true;
    if (this.p(p + 1) === 94) {
      sig = false;
      p++;
    }
    while (++p < ec) {
      if (this.p(p) === ESC) {
        p++;
        if (matchClass(c, this.p(p))) return sig;
      } else if (this.p(p + 1) === 45 && p + 2 < ec) {
        p += 2;
        if (this.p(p - 2) <= c && c <= this.p(p)) return sig;
      } else if (this.p(p) === c) return sig;
    }
    return !sig;
  }

  private singleMatch(c: number, p: number, ep: number): boolean {
    switch (this.p(p)) {
      case 46:
        return true; // '.'
      case ESC:
        return matchClass(c, this.p(p + 1));
      case 91:
        return this.matchBracket(c, p, ep - 1);
      default:
        return this.p(p) === c;
    }
  }

  private matchBalance(s: number, p: number): number {
    if (this.p(p) === 0 || this.p(p + 1) === 0) throw new LuaRuntimeError('unbalanced pattern');
    if (this.s(s) !== this.p(p)) return -1;
    const b = this.p(p);
    const e = this.p(p + 1);
    let cont = 1;
    while (++s < this.src.length) {
      const c = this.s(s);
      if (c === e) {
        if (--cont === 0) return s + 1;
      } else if (c === b) cont++;
    }
    return -1;
  }

  private maxExpand(s: number, p: number, ep: number): number {
    let i = 0;
    while (s + i < this.src.length && this.singleMatch(this.s(s + i), p, ep)) i++;
    // the scan is the matcher's work as much as its backtracking is
    chargeWork(i >> 4);
    while (i >= 0) {
      const res = this.doMatch(s + i, ep + 1);
      if (res !== -1) return res;
      i--;
    }
    return -1;
  }

  private minExpand(s: number, p: number, ep: number): number {
    for (;;) {
      const res = this.doMatch(s, ep + 1);
      if (res !== -1) return res;
      if (s < this.src.length && this.singleMatch(this.s(s), p, ep)) s++;
      else return -1;
    }
  }

  private startCapture(s: number, p: number, what: number): number {
    const level = this.level;
    if (level >= MAX_CAPTURES) throw new LuaRuntimeError('too many captures');
    this.capInit[level] = s;
    this.capLen[level] = what;
    this.level = level + 1;
    const res = this.doMatch(s, p);
    if (res === -1) this.level--;
    return res;
  }

  private endCapture(s: number, p: number): number {
    const l = this.captureToClose();
    this.capLen[l] = s - (this.capInit[l] ?? 0);
    const res = this.doMatch(s, p);
    if (res === -1) this.capLen[l] = CAP_UNFINISHED;
    return res;
  }

  private captureToClose(): number {
    for (let level = this.level - 1; level >= 0; level--) {
      if (this.capLen[level] === CAP_UNFINISHED) return level;
    }
    throw new LuaRuntimeError('invalid pattern capture');
  }

  private checkCapture(digit: number): number {
    const l = digit - 49; // '1'
    if (l < 0 || l >= this.level || this.capLen[l] === CAP_UNFINISHED) {
      throw new LuaRuntimeError('invalid capture index');
    }
    return l;
  }

  private matchCapture(s: number, digit: number): number {
    const l = this.checkCapture(digit);
    const len = this.capLen[l] ?? 0;
    // a position capture's length is -2, which C compares as a huge size_t: it never matches
    if (len < 0) return -1;
    const init = this.capInit[l] ?? 0;
    if (
      this.src.length - s >= len &&
      this.src.slice(init, init + len) === this.src.slice(s, s + len)
    ) {
      return s + len;
    }
    return -1;
  }

  private doMatch(s: number, p: number): number {
    // each attempt is a step of the script's budget, so a loop of calls meets it too
    chargeWork(1);
    if (++this.steps > MATCH_STEP_LIMIT) {
      throw new LuaRuntimeError(patternStopText(MATCH_STEP_LIMIT));
    }
    for (;;) {
      switch (this.p(p)) {
        case 40: // '('
          if (this.p(p + 1) === 41) return this.startCapture(s, p + 2, CAP_POSITION);
          return this.startCapture(s, p + 1, CAP_UNFINISHED);
        case 41: // ')'
          return this.endCapture(s, p + 1);
        case 0:
          return s;
        case 36: // '$'
          if (this.p(p + 1) === 0) return s === this.src.length ? s : -1;
          break;
        case ESC: {
          const next = this.p(p + 1);
          if (next === 98) {
            // %b
            s = this.matchBalance(s, p + 2);
            if (s === -1) return -1;
            p += 4;
            continue;
          }
          if (next === 102) {
            // %f
            p += 2;
            if (this.p(p) !== 91) throw new LuaRuntimeError("missing '[' after '%f' in pattern");
            const ep = this.classEnd(p);
            const previous = s === 0 ? 0 : this.s(s - 1);
            if (
              this.matchBracket(previous, p, ep - 1) ||
              !this.matchBracket(this.s(s), p, ep - 1)
            ) {
              return -1;
            }
            p = ep;
            continue;
          }
          if (isDigit(next)) {
            s = this.matchCapture(s, next);
            if (s === -1) return -1;
            p += 2;
            continue;
          }
          break;
        }
      }
      // a single-character class, maybe followed by a quantifier
      const ep = this.classEnd(p);
      const m = s < this.src.length && this.singleMatch(this.s(s), p, ep);
      switch (this.p(ep)) {
        case 63: {
          // '?'
          if (m) {
            const res = this.doMatch(s + 1, ep + 1);
            if (res !== -1) return res;
          }
          p = ep + 1;
          continue;
        }
        case 42: // '*'
          return this.maxExpand(s, p, ep);
        case 43: // '+'
          return m ? this.maxExpand(s + 1, p, ep) : -1;
        case 45: // '-'
          return this.minExpand(s, p, ep);
        default:
          if (!m) return -1;
          s++;
          p = ep;
      }
    }
  }

  /**
   * Capture `i` of a match from `s` to `e` (push_onecapture): its text, or its
   * position for `()`; capture 0 of a pattern without captures is the whole match.
   */
  capture(i: number, s: number, e: number): string | number {
    if (i >= this.level) {
      if (i === 0) return this.src.slice(s, e);
      throw new LuaRuntimeError('invalid capture index');
    }
    const len = this.capLen[i] ?? 0;
    const init = this.capInit[i] ?? 0;
    if (len === CAP_UNFINISHED) throw new LuaRuntimeError('unfinished capture');
    if (len === CAP_POSITION) return init + 1;
    return this.src.slice(init, init + len);
  }

  /**
   * All captures (push_captures); with `wholeIfNone` a pattern without
   * captures gives the whole match, as match/gmatch/gsub do (find passes false).
   */
  captures(s: number, e: number, wholeIfNone: boolean): (string | number)[] {
    const n = this.level === 0 && wholeIfNone ? 1 : this.level;
    const out: (string | number)[] = [];
    for (let i = 0; i < n; i++) out.push(this.capture(i, s, e));
    return out;
  }
}
