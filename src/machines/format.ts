/** How replies read: as redis-cli prints them, and as the Elixir verb returns them. */
import type { Reply } from './trace-source.ts';

const isError = (r: Reply): r is { error: string } =>
  typeof r === 'object' && r !== null && !Array.isArray(r);

/** `reply` as redis-cli prints it (Redis 7). */
export function formatRedisCli(reply: Reply, indent = ''): string {
  if (reply === null) return '(nil)';
  if (typeof reply === 'number') return `(integer) ${reply}`;
  if (typeof reply === 'string') return JSON.stringify(reply);
  if (isError(reply)) return `(error) ${reply.error}`;
  if (reply.length === 0) return '(empty array)';
  const width = String(reply.length).length;
  return reply
    .map((r, n) => {
      const label = `${String(n + 1).padStart(width)}) `;
      const body = formatRedisCli(r, indent + ' '.repeat(label.length));
      return `${n === 0 ? '' : indent}${label}${body}`;
    })
    .join('\n');
}

/** An Elixir string literal. */
export const elixirString = (s: string) => JSON.stringify(s);

/** A failed list as the narration shows it: ["JOB…", …]. */
export function formatList(ids: readonly string[]): string {
  return `[${ids.map((id) => elixirString(id)).join(', ')}]`;
}
