import { describe, expect, test } from 'vitest';
import { createServer, type Reply } from '@batch-lease/redis-sim';
import recorded from '../../fixtures/scripts-transcript.json';
import { echomqModule } from '../module.ts';

type Entry = [string[], Reply];

/**
 * Replays a transcript recorded from a real Redis 7.0.15: SCRIPT LOAD of both
 * lesson files, then, for each case, a fresh setup, one EVALSHA/EVAL, and a
 * read-back of the state. Every fate, odd leases, raw-client key counts,
 * wrong types and argument errors are in it. Replies that would carry the
 * real clock are avoided (members are read without scores unless the lease is
 * infinite), so the transcript replays on any virtual clock.
 *
 * Re-record it (see the fixture's `source`) whenever a .lua file changes.
 */
describe('both scripts replay a real server transcript', () => {
  const server = createServer({ now: () => 1_796_044_975_577, modules: [echomqModule()] });
  const transcript = recorded.transcript as Entry[];
  test.each(
    transcript.map(
      (e, i) =>
        [
          i,
          e[0]
            .map((a) => a.slice(0, 20))
            .join(' ')
            .slice(0, 90),
          e,
        ] as const,
    ),
  )('#%i %s', (_i, _label, [args, expected]) => {
    expect(server.call(args)).toEqual(expected);
  });
});
