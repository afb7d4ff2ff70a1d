/**
 * A step's shown value as Lua would print it: numbers in Lua 5.1's `%.14g`, strings quoted,
 * nil, booleans, and tables and functions by the run's address for them (the numbering
 * `shown-values.ts` gives each run, so the build's run and the browser's read alike).
 */
import { formatG, visibleText, type ShownValue } from '@batch-lease/redis-sim/client';

/** `n` as Lua 5.1's tostring prints it (glibc's `%.14g`); a NaN's sign is not kept. */
export const luaNumberText = (n: number): string => formatG(n, 14);

/**
 * A string quoted for the stepper: `\` and `"` escaped, and whatever would not show as itself
 * (a byte that is not UTF-8, a control or a format character: visibleText) spelled out, so the
 * stepper shows `"\xff"` where the console does, never "�", and an RLO never turns the line.
 */
export const quotedText = (s: string): string =>
  `"${visibleText(s.replace(/\\/g, '\\\\').replace(/"/g, '\\"'))}"`;

/** A shown value in Lua's words: `"text"`, `42`, `nil`, `table: 0x…`. */
export function shownText(v: ShownValue): string {
  if (v === null) return 'nil';
  if (typeof v === 'string') return quotedText(v);
  if (typeof v === 'number') return luaNumberText(v);
  if (typeof v === 'boolean') return String(v);
  return 'table' in v ? `table: ${v.table}` : `function: ${v.function}`;
}
