/** How replies read: as redis-cli prints them, and as the Elixir verb returns them. */
import { formatCliReply, inspectBinary } from '../../sim/client.ts';
import type { Reply } from '../runs/trace-source.ts';

/** `reply` as redis-cli prints it (Redis 7); the one printer the fate picker uses too. */
export const formatRedisCli = (reply: Reply): string => formatCliReply(reply);

/** An Elixir string literal, as iex inspects it. */
export const elixirString = (s: string) => inspectBinary(s);

/** A failed list as the narration shows it: ["JOB…", …]. */
export function formatList(ids: readonly string[]): string {
  return `[${ids.map((id) => elixirString(id)).join(', ')}]`;
}
