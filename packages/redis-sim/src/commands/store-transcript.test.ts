import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import type { Reply } from '../trace-types.ts';
import store from '../../fixtures/store-transcript.json';
import consoleCommands from '../../fixtures/console-transcript.json';

type Entry = [string[], Reply];

// Where the simulator answers differently on purpose (none since key expiry is modelled).
const DELIBERATE: Record<string, Reply> = {};

/**
 * Replays transcripts recorded from a real Redis 7.0.15 (see each fixture's `source`) on a
 * fresh simulated server: every reply must be the same, error text included. KEYS is
 * compared as a set, since a real server lists keys in its hash table's order. The console
 * transcript covers the commands a user types (counters, expiry, scans, pops, MULTI,
 * HELLO, CLIENT, COMMAND); its clock stands still, as the recording ran well within a second
 * of each TTL it reads.
 */
describe.each([
  ['store commands', store.transcript as Entry[]],
  ['console commands', consoleCommands.transcript as Entry[]],
])('%s replay a real server transcript', (_name, transcript) => {
  const server = createServer({ now: () => 1_700_000_000_000 });
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
