import { describe, expect, test } from 'vitest';
import { createServer } from '../server.ts';
import { EXPIRY_REFUSED } from './keys-and-strings.ts';
import type { Reply } from '../trace-types.ts';
import recorded from '../fixtures/store-transcript.json';

type Entry = [string[], Reply];

// Where the simulator answers differently on purpose: it has no key expiry to honour.
const DELIBERATE: Record<string, Reply> = {
  'set s w ex 10': { error: EXPIRY_REFUSED },
};

/**
 * Replays a transcript recorded from a real Redis 7.0.15 (see the fixture's
 * `source`) on a fresh simulated server: every reply must be the same,
 * error text included. KEYS is compared as a set, since a real server lists
 * keys in its hash table's order.
 */
describe('store commands replay a real server transcript', () => {
  const server = createServer({ now: () => 1_700_000_000_000 });
  const transcript = recorded.transcript as Entry[];
  test.each(transcript.map((e, i) => [i, e[0].join(' ').slice(0, 80), e] as const))(
    '#%i %s',
    (_i, _label, [args, expected]) => {
      const reply = server.call(args);
      const deliberate = DELIBERATE[args.join(' ')];
      if (deliberate) expect(reply).toEqual(deliberate);
      else if (
        (args[0] ?? '').toLowerCase() === 'keys' &&
        Array.isArray(reply) &&
        Array.isArray(expected)
      ) {
        expect([...reply].sort()).toEqual([...expected].sort());
      } else {
        expect(reply).toEqual(expected);
      }
    },
  );
});
