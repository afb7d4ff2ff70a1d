/**
 * Elixir terms as data, and their rendering in Elixir syntax, so a verb's
 * answer can be shown exactly as iex would print it.
 */
import { bytesOfText, isByteEscape } from '@batch-lease/redis-sim/client';

/** A low (trailing) surrogate: the second unit of a character past U+FFFF. */
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** An Elixir term: an atom, a tuple, a struct, a list, a binary, an integer or nil. */
export type Term =
  | { atom: string }
  | { tuple: Term[] }
  | { struct: string; fields: Array<[name: string, value: Term]> }
  | Term[]
  | string
  | number
  | bigint
  | null;

/** The atom `:name`. */
export const atom = (name: string): Term => ({ atom: name });
/** The tuple `{items…}`. */
export const tuple = (...items: Term[]): Term => ({ tuple: items });

/**
 * How much of a term `inspect` prints (Inspect.Opts): `limit`, the items of a list, tuple or
 * struct and the bytes of a binary printed as bytes, each item given what is left of it (so
 * the list in `{:ok, list}` shows 48); `printableLimit`, the characters of a printable string.
 * Past either it prints `...` (a string: `"…" <> ...`).
 */
export interface InspectLimits {
  limit: number;
  printableLimit: number;
}

/**
 * What IEx prints a value with: Inspect.Opts' defaults up to Elixir 1.18, `limit: 50` and
 * `printable_limit: 4096` (1.19 shares one budget of 100 over a whole term, and 1.20 raises it
 * to 200). A reply of 100,000 ids prints its first 48; a megabyte string its first 4,096
 * characters.
 */
export const IEX_LIMITS: InspectLimits = { limit: 50, printableLimit: 4096 };

/** No limit: the whole term, as `inspect(term, limit: :infinity, printable_limit: :infinity)`. */
export const NO_LIMITS: InspectLimits = { limit: Infinity, printableLimit: Infinity };

/**
 * Renders a term as IEx prints it: `{:ok, ["JOB1"]}`, `:ok`, `{:error, :stale}`, cut at
 * `limits` as Elixir 1.18's inspect cuts it (only what is printed is read: a reply of 100,000
 * ids costs its first 48).
 */
export function renderTerm(t: Term, limits: InspectLimits = IEX_LIMITS): string {
  if (t === null) return 'nil';
  if (typeof t === 'string') return inspectBinary(t, limits);
  if (typeof t === 'number' || typeof t === 'bigint') return String(t);
  if (Array.isArray(t)) return `[${items(t, limits, renderTerm)}]`;
  if ('atom' in t) return `:${t.atom}`;
  if ('tuple' in t) return `{${items(t.tuple, limits, renderTerm)}}`;
  const field = ([k, v]: [string, Term], left: InspectLimits) => `${k}: ${renderTerm(v, left)}`;
  return `%${t.struct}{${items(t.fields, limits, field)}}`;
}

/**
 * A collection's items as inspect joins them (container_doc): each printed with the limit less
 * the items before it and itself, and `...` in place of the rest once the limit is spent.
 */
function items<T>(
  all: readonly T[],
  limits: InspectLimits,
  show: (item: T, left: InspectLimits) => string,
): string {
  const out: string[] = [];
  let left = limits.limit;
  for (const item of all) {
    if (left <= 0) {
      out.push('...');
      break;
    }
    left--;
    out.push(show(item, { ...limits, limit: left }));
  }
  return out.join(', ');
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  '\v': '\\v',
  '\b': '\\b',
  '\f': '\\f',
  '\x1b': '\\e',
  '\x07': '\\a',
  '\x7f': '\\d',
};

/**
 * `inspect/1` of a binary: a quoted string with Elixir's escapes when it is printable, else the
 * byte list `<<...>>` (as for a NUL or other control byte, or a byte that is not UTF-8). With
 * `limits`, as inspect cuts it: a string is judged and printed by its first `printableLimit`
 * characters (a `#{` is one), then `<> ...`; a byte list shows `limit` bytes, then `...`.
 */
export function inspectBinary(s: string, limits: InspectLimits = NO_LIMITS): string {
  // a run of characters printed as they are is copied whole: a megabyte reply is one slice,
  // not a million appended characters (whose garbage held a stepper's run for seconds)
  let out = '"';
  let from = 0;
  let count = 0;
  let i = 0;
  for (; i < s.length && count < limits.printableLimit; i++, count++) {
    const ch = s[i] as string;
    const code = ch.charCodeAt(0);
    if (ch === '#' && s[i + 1] === '{') {
      out += `${s.slice(from, i)}\\#{`;
      from = ++i + 1;
      continue;
    }
    const escaped = ESCAPES[ch];
    if (escaped) {
      out += s.slice(from, i) + escaped;
      from = i + 1;
    } else if (code < 0x20 || (code >= 0x80 && code < 0xa0) || isByteEscape(code))
      return byteList(s, limits.limit);
    // a character past U+FFFF is one, in two units
    else if (code >= 0xd800 && code <= 0xdbff && isLow(s.charCodeAt(i + 1))) i++;
  }
  return `${out}${s.slice(from, i)}"${i < s.length ? ' <> ...' : ''}`;
}

/**
 * The byte list of `s`, its first `limit` bytes then `...` when there are more: only the start
 * that holds them is encoded (each character is a byte or more, so `limit + 2` characters hold
 * them, and a byte past them when there are more).
 */
function byteList(s: string, limit: number): string {
  const bytes = bytesOfText(s.length > limit + 2 ? s.slice(0, limit + 2) : s);
  if (bytes.length <= limit) return `<<${bytes.join(', ')}>>`;
  return `<<${[...bytes.subarray(0, limit), '...'].join(', ')}>>`;
}
