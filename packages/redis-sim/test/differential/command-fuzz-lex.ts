/**
 * Where a BYLEX read has no one answer. Redis defines lex ranges only over members of one
 * score; on a listpack it walks the members in order, which the simulator does too, but on a
 * skiplist of several scores it follows the skiplist's randomly drawn levels, so two servers
 * (or two runs of one) may answer differently. For those calls the fuzzer compares only
 * whether each side refused, then copies what a write left from the real server to both.
 */
import type { Wire } from './resp-client.ts';

const LEX = new Set(['ZRANGEBYLEX', 'ZREVRANGEBYLEX', 'ZLEXCOUNT', 'ZREMRANGEBYLEX']);

/** The key a lex read walks and the key it writes (null for none), or null for other calls. */
export function lexKeys(cmd: readonly string[]): { src: string; dst: string | null } | null {
  const name = (cmd[0] ?? '').toUpperCase();
  const bylex = cmd.some((a) => a.toUpperCase() === 'BYLEX');
  if (LEX.has(name))
    return { src: cmd[1] ?? '', dst: name === 'ZREMRANGEBYLEX' ? (cmd[1] ?? '') : null };
  if (name === 'ZRANGE' && bylex) return { src: cmd[1] ?? '', dst: null };
  if (name === 'ZRANGESTORE' && bylex) return { src: cmd[2] ?? '', dst: cmd[1] ?? '' };
  return null;
}

/** The reads that tell whether `key` is a skiplist of more than one score. */
export const lexProbe = (key: string): string[][] => [
  ['OBJECT', 'ENCODING', key],
  ['ZRANGE', key, '0', '-1', 'WITHSCORES'],
];

/** Whether the probe's answers show a skiplist whose members have more than one score. */
export function lexUnspecified([encoding, content]: Wire[]): boolean {
  if (encoding !== 'skiplist' || !Array.isArray(content)) return false;
  const scores = new Set(content.filter((_, i) => i % 2 === 1).map((s) => JSON.stringify(s)));
  return scores.size > 1;
}

/** The commands that rebuild a sorted set as the real server holds it (content, encoding, TTL). */
export function zsetRebuild(key: string, [content, encoding, pttl]: Wire[]): string[][] {
  const out: string[][] = [['DEL', key]];
  if (!Array.isArray(content) || content.length === 0) return out;
  const pairs: string[] = [];
  for (let i = 0; i < content.length; i += 2)
    pairs.push(String(content[i + 1]), String(content[i]));
  // a member too long for a listpack makes the set a skiplist from its first write (so -0
  // stays -0), and it stays one once the member is gone
  const long = '\u0000'.repeat(65);
  if (encoding === 'skiplist') out.push(['ZADD', key, '0', long, ...pairs], ['ZREM', key, long]);
  else out.push(['ZADD', key, ...pairs]);
  if (typeof pttl === 'object' && pttl !== null && 'int' in pttl && Number(pttl.int) > 0)
    out.push(['PEXPIRE', key, pttl.int]);
  return out;
}

/** The reads {@link zsetRebuild} takes. */
export const zsetRead = (key: string): string[][] => [
  ['ZRANGE', key, '0', '-1', 'WITHSCORES'],
  ['OBJECT', 'ENCODING', key],
  ['PTTL', key],
];
