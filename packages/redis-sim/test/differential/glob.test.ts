/**
 * Redis's glob (`stringmatchlen`) against a redis-server 7.0.15 of this file's own: patterns of
 * many stars against a long key, which a matcher without 7.0's early stop takes exponential
 * time over (the server answers at once), and a property over generated patterns and keys
 * (fixed seed) built of the glob's own characters, a multi-byte one among them, so classes,
 * ranges, escapes and unclosed brackets are met in every arrangement. Each pattern is asked of
 * KEYS and SCAN … MATCH, whose answers are compared as sets (a real server lists keys in its
 * hash table's order).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer } from '../../src/index.ts';
import type { SimServer } from '../../src/server.ts';
import { simCall } from './lua-sides.ts';
import { useOwnRedis } from './own-redis.ts';
import { connectResp, type RespClient, type Wire } from './resp-client.ts';

const own = useOwnRedis();
let real: RespClient;
beforeAll(async () => {
  real = await connectResp(own.port, 0);
});
afterAll(async () => {
  await real.close();
});

/** A reply's keys in one order (KEYS', or SCAN's page), so two listings compare as sets. */
function settled(reply: Wire): Wire {
  const sort = (keys: Wire[]) =>
    [...keys].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (!Array.isArray(reply)) return reply;
  if (reply.length === 2 && Array.isArray(reply[1])) return [reply[0]!, sort(reply[1])];
  return sort(reply);
}

/** Sets `keys` on both sides, then asks each pattern of KEYS and SCAN; the answers that differ. */
async function differences(
  keys: readonly string[],
  patterns: readonly string[],
): Promise<string[]> {
  const sim: SimServer = createServer();
  const setup: string[][] = [['FLUSHALL'], ...keys.map((k) => ['SET', k, 'v'])];
  await real.pipeline(setup);
  for (const c of setup) sim.call(c);
  const asks = patterns.flatMap((p) => [
    ['KEYS', p],
    ['SCAN', '0', 'MATCH', p, 'COUNT', '1000'],
  ]);
  const fromReal = await real.pipeline(asks);
  const out: string[] = [];
  asks.forEach((ask, i) => {
    const r = JSON.stringify(settled(fromReal[i] ?? null));
    const m = JSON.stringify(settled(simCall(sim, ask)));
    if (r !== m) out.push(`${JSON.stringify(ask)}\n  real: ${r}\n  sim:  ${m}`);
  });
  return out;
}

describe('glob patterns, as redis-server 7.0.15 matches them', () => {
  test('many stars against a long key answer at once, matching or not', async () => {
    const long = 'a'.repeat(80);
    const keys = [long, `${long}b`, `b${long}`, 'ab', 'aab', ''];
    const patterns = [
      '*a*a*a*a*a*a*a*b',
      '*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*c',
      'a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b',
      '*?*?*?*?*?*?*?*?*?*?*?*?*?*?b',
      '*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*[ab]*c',
      '*a*a*a*a*a*a*a*a*',
      '*',
      '**',
    ];
    expect((await differences(keys, patterns)).join('\n')).toBe('');
  });

  test('generated patterns and keys (fixed seed) match as on the server', async () => {
    const chars = ['a', 'b', 'c', '*', '?', '[', ']', '^', '-', '\\', 'é'];
    const text = (max: number) =>
      fc.array(fc.constantFrom(...chars), { maxLength: max }).map((cs) => cs.join(''));
    const keys = [...new Set(fc.sample(text(8), { seed: 30, numRuns: 120 }))];
    const patterns = fc.sample(text(10), { seed: 3005, numRuns: 400 });
    expect((await differences(keys, patterns)).join('\n')).toBe('');
  });
});
