/**
 * maxmemory against redis-server 7.0.15: the OOM answers of commands, scripts, functions and
 * transactions, and CONFIG GET/SET of maxmemory and its policy, each case's replies typed and
 * the keyspace after. The cases change the server's configuration, so they run on a server
 * of their own, reset before each case; the simulator side is a fresh server per case.
 */
import { describe, expect, test } from 'vitest';
import { FROZEN_CLOCK_US } from './config.ts';
import { resetSide, simSide } from './lua-sides.ts';
import { MAXMEMORY_CASES } from './maxmemory-cases.ts';
import { useOwnFrozenRedis } from './own-redis.ts';
import { runSequence, sequenceDiff } from './sequence-compare.ts';
import type { Wire } from './resp-client.ts';

const own = useOwnFrozenRedis(FROZEN_CLOCK_US);

/** The reset each case starts from: no limit, noeviction, nothing stored. */
const RESET = [
  ['CONFIG', 'SET', 'maxmemory', '0'],
  ['CONFIG', 'SET', 'maxmemory-policy', 'noeviction'],
  ['FUNCTION', 'FLUSH'],
  ['SCRIPT', 'FLUSH'],
  ['FLUSHALL'],
];

const real = resetSide(() => own.client, RESET);
const sim = simSide();

/**
 * A CONFIG GET reply with its pairs sorted: a real server lists them in its hash table's
 * order, which a random seed picks at every start.
 */
function settled(cmd: readonly string[], reply: Wire): Wire {
  const isGet = cmd[0]?.toUpperCase() === 'CONFIG' && cmd[1]?.toUpperCase() === 'GET';
  if (!isGet || !Array.isArray(reply)) return reply;
  const pairs: Wire[][] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) pairs.push([reply[i]!, reply[i + 1]!]);
  return pairs.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)).flat();
}

describe('maxmemory and CONFIG, as redis-server 7.0.15 answers them', () => {
  test.each(MAXMEMORY_CASES)('$name', async (c) => {
    const r = await runSequence(real, c, settled);
    const m = await runSequence(sim, c, settled);
    expect(sequenceDiff(c, r, m).join('\n')).toBe('');
  });
});
