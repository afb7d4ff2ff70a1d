/**
 * The transcripts the simulator's unit suite replays (`fixtures/store-transcript.json`,
 * `fixtures/console-transcript.json`, store-transcript.test.ts) were recorded once from a real
 * 7.0.15; this sends their commands to one again and holds every recorded reply to what it
 * answers now, so no entry stands unchecked: a null array (`{nilArray: true}`) apart from a nil
 * bulk (`null`), as the recorder (`fixtures/recording/resp2.mjs`) now keeps them apart, and
 * every status, error, integer and string. KEYS lists in its hash table's order, so as a set.
 */
import { describe, expect, test } from 'vitest';
import store from '../../fixtures/store-transcript.json' with { type: 'json' };
import consoleCommands from '../../fixtures/console-transcript.json' with { type: 'json' };
import { useOwnFrozenRedis } from './own-redis.ts';
import type { Wire } from './resp-client.ts';

/** The unit suite's clock (store-transcript.test.ts), in microseconds. */
const own = useOwnFrozenRedis(1_700_000_000_000_000);

type Recorded = unknown;

/** A reply as the recorder writes it: integers as numbers, bulks as text, the rest as typed. */
function asRecorded(w: Wire): Recorded {
  if (w === null || typeof w === 'string') return w;
  if (Array.isArray(w)) return w.map(asRecorded);
  if ('int' in w) return Number(w.int);
  if ('bytes' in w) return Buffer.from(w.bytes, 'hex').toString('utf8');
  return w;
}

const sortedIfKeys = (cmd: readonly string[], r: Recorded): Recorded =>
  (cmd[0] ?? '').toLowerCase() === 'keys' && Array.isArray(r) ? [...(r as string[])].sort() : r;

describe.each([
  ['store-transcript.json', store.transcript as Array<[string[], Recorded]>],
  ['console-transcript.json', consoleCommands.transcript as Array<[string[], Recorded]>],
])('%s: every recorded reply is what redis-server 7.0.15 answers', (_name, transcript) => {
  test('replayed in order on a fresh server', async () => {
    await own.client.pipeline([['FLUSHALL'], ['SCRIPT', 'FLUSH']]);
    const replies = await own.client.pipeline(transcript.map(([cmd]) => cmd));
    const differ = transcript.flatMap(([cmd, recorded], i) => {
      const real = sortedIfKeys(cmd, asRecorded(replies[i] ?? null));
      const want = sortedIfKeys(cmd, recorded);
      return JSON.stringify(real) === JSON.stringify(want)
        ? []
        : [
            `#${i} ${JSON.stringify(cmd)}: recorded ${JSON.stringify(want)}, real ${JSON.stringify(real)}`,
          ];
    });
    expect(differ).toEqual([]);
  });
});
