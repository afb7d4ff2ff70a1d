/**
 * Elixir terms as data, and their rendering in Elixir syntax, so a verb's
 * answer can be shown exactly as iex would print it.
 */
import { bytesOfText, isByteEscape } from '@batch-lease/redis-sim/client';

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

/** Renders a term as Elixir prints it: `{:ok, ["JOB1"]}`, `:ok`, `{:error, :stale}`. */
export function renderTerm(t: Term): string {
  if (t === null) return 'nil';
  if (typeof t === 'string') return inspectBinary(t);
  if (typeof t === 'number' || typeof t === 'bigint') return String(t);
  if (Array.isArray(t)) return `[${t.map(renderTerm).join(', ')}]`;
  if ('atom' in t) return `:${t.atom}`;
  if ('tuple' in t) return `{${t.tuple.map(renderTerm).join(', ')}}`;
  return `%${t.struct}{${t.fields.map(([k, v]) => `${k}: ${renderTerm(v)}`).join(', ')}}`;
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
 * `inspect/1` of a binary: a quoted string with Elixir's escapes when it is
 * printable, else the byte list `<<...>>` (as for a NUL or other control byte, or a byte
 * that is not UTF-8).
 */
export function inspectBinary(s: string): string {
  // a run of characters printed as they are is copied whole: a megabyte reply is one slice,
  // not a million appended characters (whose garbage held a stepper's run for seconds)
  let out = '"';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    const code = ch.charCodeAt(0);
    const escaped = ESCAPES[ch] ?? (ch === '#' && s[i + 1] === '{' ? '\\#' : undefined);
    if (escaped) {
      out += s.slice(from, i) + escaped;
      from = i + 1;
    } else if (code < 0x20 || (code >= 0x80 && code < 0xa0) || isByteEscape(code))
      return byteList(s);
  }
  return `${out}${s.slice(from)}"`;
}

function byteList(s: string): string {
  return `<<${[...bytesOfText(s)].join(', ')}>>`;
}
