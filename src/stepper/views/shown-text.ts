/**
 * A step's shown value as Lua would print it: numbers in Lua 5.1's `%.14g`, strings quoted,
 * nil, booleans, and tables and functions by the run's address for them (the numbering
 * `shown-values.ts` gives each run, so the build's run and the browser's read alike).
 */
import { FSI, PDI, formatG, visibleText, type ShownValue } from '@batch-lease/redis-sim/client';
import { cutLine } from '../../content/shown-cut.ts';

/** `n` as Lua 5.1's tostring prints it (glibc's `%.14g`); a NaN's sign is not kept. */
export const luaNumberText = (n: number): string => formatG(n, 14);

/**
 * A string quoted for the stepper: `\` and `"` escaped, and whatever would not show as itself
 * (a byte that is not UTF-8, a control or a format character: visibleText) spelled out, so the
 * stepper shows `"\xff"` where the console does, never "�", and an RLO never turns the line.
 */
export const quotedText = (s: string): string =>
  `"${visibleText(s.replace(/\\/g, '\\\\').replace(/"/g, '\\"'))}"`;

// Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan and the rest
// of their blocks): a word of them in a left-to-right sentence carries the spaces, digits and
// punctuation beside it into its own order, so the words around it read out of place.
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * Text already made visible (`visibleText`, `quotedText`), isolated (FSI … PDI, shown as
 * `<bdi>`) if it holds a right-to-left letter, so it keeps its place among its neighbours. Text
 * all left to right needs no isolation and comes back as it is.
 */
export const isolatedIfRtl = (shown: string): string =>
  RIGHT_TO_LEFT.test(shown) ? `${FSI}${shown}${PDI}` : shown;

/**
 * A word the learner or a link chose (a key, a command's name or argument, a reply) as a
 * sentence shows it: cut as a shown line is (its first 10,000 characters, then `…`), made
 * visible, and isolated if it holds a right-to-left letter. Cut first, so a value of megabytes
 * (a string a script padded to 20 MB) is never quoted and spelled out whole: twenty million
 * NUL bytes became over a hundred million characters, and the tab ran out of memory.
 */
export const chosenWord = (text: string): string => isolatedIfRtl(visibleText(cutLine(text)));

/** A chosen string in JSON's quotes (the calls and changes panels), shown as {@link chosenWord}. */
export const chosenQuoted = (text: string): string =>
  isolatedIfRtl(visibleText(JSON.stringify(cutLine(text))));

/** A shown value in Lua's words: `"text"`, `42`, `nil`, `table: 0x…`. */
export function shownText(v: ShownValue): string {
  if (v === null) return 'nil';
  if (typeof v === 'string') return quotedText(v);
  if (typeof v === 'number') return luaNumberText(v);
  if (typeof v === 'boolean') return String(v);
  return 'table' in v ? `table: ${v.table}` : `function: ${v.function}`;
}
