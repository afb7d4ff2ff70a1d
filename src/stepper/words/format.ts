/** How replies read: as redis-cli prints them, and as the Elixir verb returns them. */
import { formatCliReply, isolate } from '@batch-lease/redis-sim/client';
import { inspectBinary } from '@batch-lease/echomq';
import type { Reply } from '../runs/trace-source.ts';

/** `reply` as redis-cli prints it (Redis 7); the one printer the fate picker uses too. */
export const formatRedisCli = (reply: Reply): string => formatCliReply(reply);

/**
 * An Elixir string literal, as iex inspects it, with any format character (an RLO, a
 * zero-width space: iex prints them raw) written as Elixir's own `\uXXXX` escape, so a
 * learner's id never reverses or hides the ids around it; isolated (FSI … PDI, which the page
 * renders as `<bdi>`: isolated-text.tsx) as `isolate` does, so a right-to-left id keeps to itself too.
 */
export const elixirString = (s: string) => isolate(inspectBinary(s));

/**
 * How a list that may be long reads, item by item (each printed by `show`): every item while it
 * has at most `shown`; else the last `shown` after a note of how many came before (`keep`
 * 'last': a failed list, whose newest ids say the most), or the first `shown` and then a note of
 * how many more there are (`keep` 'first': a command, its name and keys first). `note` is given
 * that count. A thousand-lease run fails about a hundred ids: printed whole on every step they
 * push the step itself out of view (and a screen reader reads every one of them out).
 */
export function cutList<T>(
  items: readonly T[],
  shown: number,
  show: (item: T) => string,
  note: (count: number) => string,
  keep: 'first' | 'last',
): string[] {
  if (items.length <= shown) return items.map(show);
  const rest = note(items.length - shown);
  return keep === 'last'
    ? [rest, ...items.slice(items.length - shown).map(show)]
    : [...items.slice(0, shown).map(show), rest];
}

/**
 * A failed list as the narration and the failed panel show it: `["JOB…", …]`, each id as iex
 * inspects it. Given `shown` and `earlier`, a longer list shows its last `shown` ids after a note
 * of how many came before ({@link cutList}).
 */
export function formatList(
  ids: readonly string[],
  shown = Infinity,
  earlier: (count: number) => string = String,
): string {
  return `[${cutList(ids, shown, elixirString, earlier, 'last').join(', ')}]`;
}
