/** How replies read: as redis-cli prints them, and as the Elixir verb returns them. */
import { formatCliReply, inspectBinary } from '../../sim/client.ts';
import type { Reply } from '../runs/trace-source.ts';

/** `reply` as redis-cli prints it (Redis 7); the one printer the fate picker uses too. */
export const formatRedisCli = (reply: Reply): string => formatCliReply(reply);

/** An Elixir string literal, as iex inspects it. */
export const elixirString = (s: string) => inspectBinary(s);

/**
 * How a list that may be long reads, item by item (each printed by `show`): every item while it
 * has at most `shown`, else a note of how many came before (`earlier`, given that count) and the
 * last `shown`. A thousand-lease run fails about a hundred ids: printed whole on every step they
 * push the step itself out of view (and a screen reader reads every one of them out).
 */
export function listTail<T>(
  items: readonly T[],
  shown: number,
  show: (item: T) => string,
  earlier: (count: number) => string,
): string[] {
  if (items.length <= shown) return items.map(show);
  return [earlier(items.length - shown), ...items.slice(items.length - shown).map(show)];
}

/**
 * A failed list as the narration and the failed panel show it: `["JOB…", …]`, each id as iex
 * inspects it. Given `shown` and `earlier`, a longer list shows its last `shown` ids after a note
 * of how many came before ({@link listTail}).
 */
export function formatList(
  ids: readonly string[],
  shown = Infinity,
  earlier: (count: number) => string = String,
): string {
  return `[${listTail(ids, shown, elixirString, earlier).join(', ')}]`;
}
