/**
 * The lexer of the Lua 5.1 engine: Lua 5.1's `llex.c` rules (as Redis 7.0
 * bundles it), over a byte string (one char per byte 0–255, see `values.ts`).
 *
 * It scans one token per {@link Lexer.next} call, on demand, exactly when the
 * parser asks — so a lexical error surfaces at the same moment, with the same
 * line number, as in the real parser. Every message is Lua's own, with
 * `user_script:N:` in front (the chunk name Redis gives scripts).
 *
 * One pass, no backtracking, no regular expressions: each char is looked at a
 * bounded number of times.
 */
import { strtod } from '../strtod.ts';
import { LuaError } from './values.ts';

/** A Lua 5.1 syntax error; `message` is exactly the text Lua 5.1 reports. */
export class LuaSyntaxError extends LuaError {}

/** Token codes above every byte, in `luaX_tokens` order (reserved words first). */
export const RESERVED = [
  'and',
  'break',
  'do',
  'else',
  'elseif',
  'end',
  'false',
  'for',
  'function',
  'if',
  'in',
  'local',
  'nil',
  'not',
  'or',
  'repeat',
  'return',
  'then',
  'true',
  'until',
  'while',
] as const;
const OTHER = ['..', '...', '==', '>=', '<=', '~=', '<number>', '<name>', '<string>', '<eof>'];
const TOKEN_TEXT: readonly string[] = [...RESERVED, ...OTHER];

/** Token codes: a byte's own code for single-char tokens, these for the rest. */
export const T = {
  AND: 256,
  BREAK: 257,
  DO: 258,
  ELSE: 259,
  ELSEIF: 260,
  END: 261,
  FALSE: 262,
  FOR: 263,
  FUNCTION: 264,
  IF: 265,
  IN: 266,
  LOCAL: 267,
  NIL: 268,
  NOT: 269,
  OR: 270,
  REPEAT: 271,
  RETURN: 272,
  THEN: 273,
  TRUE: 274,
  UNTIL: 275,
  WHILE: 276,
  CONCAT: 277,
  DOTS: 278,
  EQ: 279,
  GE: 280,
  LE: 281,
  NE: 282,
  NUMBER: 283,
  NAME: 284,
  STRING: 285,
  EOS: 286,
} as const;

const FIRST_RESERVED = 256;
const EOZ = -1;
const RESERVED_CODE = new Map<string, number>(RESERVED.map((w, i) => [w, FIRST_RESERVED + i]));

// C-locale ctype classes, by byte: Redis never changes LC_CTYPE, so bytes ≥ 128 are none of these.
const DIGIT = 1;
const ALPHA = 2; // letters and '_' (what may start a name)
const SPACE = 4;
const CLASS = new Uint8Array(256);
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (let c = 65; c <= 90; c++) CLASS[c] = ALPHA;
for (let c = 97; c <= 122; c++) CLASS[c] = ALPHA;
CLASS[95] = ALPHA;
for (const c of [9, 10, 11, 12, 13, 32]) CLASS[c] = SPACE;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlnum = (c: number) => c >= 0 && (CLASS[c]! & (DIGIT | ALPHA)) !== 0;

/** The text Lua shows for a token code (`luaX_token2str`). */
export function tokenText(tok: number): string {
  if (tok >= FIRST_RESERVED) return TOKEN_TEXT[tok - FIRST_RESERVED]!;
  return tok < 32 || tok === 127 ? `char(${tok})` : String.fromCharCode(tok);
}

/** One scanned token. Lines are 1-based, columns 0-based, offsets into the source. */
export interface Token {
  tok: number;
  /** Name text, string bytes (escapes decoded) or the number read. */
  value: string | number;
  /** Lua's lexer buffer for names, numbers and strings: what `near '…'` shows. */
  text: string;
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Lua 5.1's lexer over one chunk. */
export class Lexer {
  /** The current token (`ls->t`). */
  t!: Token;
  /** The token before it: where a finished node ends. */
  prev!: Token;
  /** `ls->linenumber`: the line the scanner is on. */
  line = 1;
  /** `ls->lastline`: the line the previous token ended on. */
  lastLine = 1;
  /** Tokens read so far: what a function's text costs to compile again (resumable.ts). */
  count = 0;
  private ahead: Token | null = null;
  private p = 0;
  private lineStart = 0;
  private readonly n: number;

  /**
   * `onToken`, when given, is told the bytes each token took (what came before it too) and the
   * line the scanner stands on after it.
   */
  constructor(
    private readonly src: string,
    private readonly onToken?: (bytes: number, line: number) => void,
  ) {
    this.n = src.length;
  }

  /** Advances to the next token (`luaX_next`). */
  next(): void {
    this.count++;
    this.lastLine = this.line;
    this.prev = this.t;
    if (this.ahead) {
      this.t = this.ahead;
      this.ahead = null;
    } else this.t = this.told();
  }

  /** Scans the token after the current one without consuming it (`luaX_lookahead`). */
  peek(): Token {
    this.ahead ??= this.told();
    return this.ahead;
  }

  /** Scans a token and tells {@link onToken} of it. */
  private told(): Token {
    const from = this.p;
    const t = this.scan();
    this.onToken?.(this.p - from, this.line);
    return t;
  }

  /** `luaX_syntaxerror`: the message, `near` the current token. */
  error(msg: string): never {
    throw this.fail(msg, this.t.tok, this.t.text);
  }

  /** `luaX_lexerror`: `user_script:N: msg`, plus `near '…'` when a token is given. */
  fail(msg: string, tok = 0, text = ''): LuaSyntaxError {
    let m = `user_script:${this.line}: ${msg}`;
    // as in C, token 0 means "no token": a NUL byte's own token shows no `near` either
    if (tok !== 0) {
      const shown = tok === T.NAME || tok === T.STRING || tok === T.NUMBER ? text : tokenText(tok);
      const nul = shown.indexOf('\0'); // the message is a C string: it ends at the first NUL
      m += ` near '${nul < 0 ? shown : shown.slice(0, nul)}'`;
    }
    return new LuaSyntaxError(m);
  }

  // where the token being scanned starts
  private start = 0;
  private startLine = 1;
  private startColumn = 0;

  /** The token that ends here and started at `start`. */
  private readonly make = (tok: number, value: string | number = '', text = ''): Token => ({
    tok,
    value,
    text,
    start: this.start,
    end: this.p,
    line: this.startLine,
    column: this.startColumn,
    endLine: this.line,
    endColumn: this.p - this.lineStart,
  });

  private cur(): number {
    return this.p < this.n ? this.src.charCodeAt(this.p) : EOZ;
  }

  /** Skips one line break; `\r\n` and `\n\r` count once (`inclinenumber`). */
  private newline(): void {
    const old = this.src.charCodeAt(this.p++);
    const c = this.cur();
    if ((c === 10 || c === 13) && c !== old) this.p++;
    this.line++;
    this.lineStart = this.p;
  }

  private scan(): Token {
    const src = this.src;
    for (;;) {
      const c = this.cur();
      const start = (this.start = this.p);
      this.startLine = this.line;
      this.startColumn = start - this.lineStart;
      const tok = this.make;
      switch (c) {
        case 10:
        case 13:
          this.newline();
          continue;
        case 45: // '-'
          this.p++;
          if (this.cur() !== 45) return tok(45);
          this.p++;
          if (this.cur() === 91) {
            const sep = this.skipSep();
            if (sep >= 0) {
              this.longString(sep, false);
              continue;
            }
          }
          while (this.p < this.n) {
            const d = src.charCodeAt(this.p);
            if (d === 10 || d === 13) break;
            this.p++;
          }
          continue;
        case 91: {
          // '['
          const sep = this.skipSep();
          if (sep >= 0) {
            const value = this.longString(sep, true);
            const eq = '='.repeat(sep);
            return tok(T.STRING, value, `[${eq}[${value}]${eq}]`);
          }
          if (sep === -1) return tok(91);
          throw this.fail('invalid long string delimiter', T.STRING, src.slice(start, this.p));
        }
        case 61: // '='
        case 60: // '<'
        case 62: // '>'
        case 126: {
          // '~'
          this.p++;
          if (this.cur() !== 61) return tok(c);
          this.p++;
          return tok(c === 61 ? T.EQ : c === 60 ? T.LE : c === 62 ? T.GE : T.NE);
        }
        case 34:
        case 39: {
          const value = this.quoted(c);
          const q = String.fromCharCode(c);
          return tok(T.STRING, value, q + value + q);
        }
        case 46: // '.'
          this.p++;
          if (this.checkNext(46, 46)) {
            return this.checkNext(46, 46) ? tok(T.DOTS) : tok(T.CONCAT);
          }
          if (!isDigit(this.cur())) return tok(46);
          return this.numeral(start, tok);
        case EOZ:
          return tok(T.EOS);
        default: {
          const cls = CLASS[c]!;
          if (cls === SPACE) {
            this.p++;
            continue;
          }
          if (cls === DIGIT) return this.numeral(start, tok);
          if (cls === ALPHA) {
            do this.p++;
            while (isAlnum(this.cur()));
            const word = src.slice(start, this.p);
            const reserved = RESERVED_CODE.get(word);
            return reserved === undefined ? tok(T.NAME, word, word) : tok(reserved);
          }
          this.p++;
          return tok(c);
        }
      }
    }
  }

  /** `read_numeral`: digits and dots, an optional exponent sign, then any `[%w_]`. */
  private numeral(start: number, tok: Lexer['make']): Token {
    let c: number;
    do {
      this.p++;
      c = this.cur();
    } while (isDigit(c) || c === 46);
    if (this.checkNext(69, 101)) this.checkNext(43, 45); // an exponent and its sign
    while (isAlnum(this.cur())) this.p++;
    const text = this.src.slice(start, this.p);
    // Lua hands its buffer to strtod as a C string: the number ends at a NUL
    const nul = text.indexOf('\0');
    const value = str2d(nul < 0 ? text : text.slice(0, nul));
    if (value === null) throw this.fail('malformed number', T.NUMBER, text);
    return tok(T.NUMBER, value, text);
  }

  /**
   * `check_next`: consumes the current char if it is one of the two. Lua
   * tests with `strchr(set, c)`, which also finds a NUL byte (the set's
   * terminator): so a NUL is taken as any of them, and `.\0` reads as `..`.
   */
  private checkNext(a: number, b: number): boolean {
    const c = this.cur();
    if (c !== a && c !== b && c !== 0) return false;
    this.p++;
    return true;
  }

  /**
   * `skip_sep`: at a `[` or `]`, consumes it and the `=` run after it. Answers
   * the level when the same bracket follows, else `-(level) - 1`.
   */
  private skipSep(): number {
    const s = this.src.charCodeAt(this.p++);
    let count = 0;
    while (this.cur() === 61) {
      this.p++;
      count++;
    }
    return this.cur() === s ? count : -count - 1;
  }

  /**
   * `read_long_string`, just past `[==`; the string's bytes, or '' for a
   * comment. A nested `[[` is plain text: Redis 7.0.15 as Debian builds it
   * (the server the tests ask) does not raise 5.1's "nesting of [[...]] is
   * deprecated", as a Lua built without LUA_COMPAT_LSTR does.
   */
  private longString(sep: number, isString: boolean): string {
    const src = this.src;
    this.p++; // the second '['
    let c = this.cur();
    if (c === 10 || c === 13) this.newline();
    let out = '';
    let from = this.p; // start of the run of bytes copied as they are
    for (;;) {
      c = this.cur();
      if (c === EOZ) {
        throw this.fail(isString ? 'unfinished long string' : 'unfinished long comment', T.EOS);
      } else if (c === 93) {
        const at = this.p;
        if (this.skipSep() === sep) {
          this.p++;
          return isString ? out + src.slice(from, at) : '';
        }
      } else if (c === 10 || c === 13) {
        if (isString) out += src.slice(from, this.p) + '\n';
        this.newline();
        from = this.p;
      } else this.p++;
    }
  }

  /** `read_string`: a quoted string, escapes decoded. */
  private quoted(del: number): string {
    const src = this.src;
    this.p++;
    let out = '';
    let from = this.p;
    const q = String.fromCharCode(del);
    for (;;) {
      const c = this.cur();
      if (c === del) break;
      if (c === EOZ) throw this.fail('unfinished string', T.EOS);
      if (c === 10 || c === 13) {
        throw this.fail('unfinished string', T.STRING, q + out + src.slice(from, this.p));
      }
      if (c !== 92) {
        this.p++;
        continue;
      }
      out += src.slice(from, this.p);
      this.p++; // the backslash is not kept
      const e = this.cur();
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        this.p++;
      } else if (e === 10 || e === 13) {
        out += '\n';
        this.newline();
      } else if (e === EOZ) {
        // the loop reports the unfinished string
      } else if (!isDigit(e)) {
        out += src[this.p++]; // \\, \", \' and any other char stand for themselves
      } else {
        let v = 0;
        let i = 0;
        do {
          v = 10 * v + (this.cur() - 48);
          this.p++;
        } while (++i < 3 && isDigit(this.cur()));
        if (v > 255) throw this.fail('escape sequence too large', T.STRING, q + out);
        out += String.fromCharCode(v);
      }
      from = this.p;
    }
    out += src.slice(from, this.p);
    this.p++;
    return out;
  }
}

const ESCAPES: Record<number, string> = {
  97: '\x07',
  98: '\b',
  102: '\f',
  110: '\n',
  114: '\r',
  116: '\t',
  118: '\v',
};

/**
 * `luaO_str2d`: C `strtod` over the whole text (glibc's, so `0x10` and `0x1p4`
 * read as hex), trailing C spaces allowed. Null when the text is not a number.
 * Lua 5.1 retries with `strtoul(…, 16)` when strtod stops at an `x`; on a
 * numeral that retry can never reach the end (strtod already read any `0x`
 * followed by a hex digit), so it always fails and is left out.
 */
export function str2d(s: string): number | null {
  const r = strtod(s);
  if (r.end === 0) return null;
  let end = r.end;
  while (end < s.length && CLASS[s.charCodeAt(end)] === SPACE) end++;
  return end === s.length ? r.value : null;
}
