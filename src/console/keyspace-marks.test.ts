import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createServer } from '@batch-lease/redis-sim';
import { formatCliCommand } from '@batch-lease/redis-sim/client';
import { cutLine } from '../content/shown-cut.ts';
import { describeChanges, markKeyspace } from './keyspace-diff.ts';
import { ConsoleSession, mayWrite } from './session.ts';

const key = fc.constantFrom('a', 'b', 'c');
const val = fc.constantFrom('1', '2', 'x', 'y z');
const ms = fc.integer({ min: 1, max: 30 }).map(String);

/** Commands that write, read, expire, queue, and scripts that write (ZADD among them). */
const commandArb: fc.Arbitrary<string[]> = fc.oneof(
  fc.tuple(key, val).map(([k, v]) => ['SET', k, v]),
  fc.tuple(key, val, ms).map(([k, v, n]) => ['SET', k, v, 'PX', n]),
  key.map((k) => ['DEL', k]),
  key.map((k) => ['GET', k]),
  key.map((k) => ['EXISTS', k]),
  key.map((k) => ['TTL', k]),
  fc.tuple(key, val).map(([k, v]) => ['LPUSH', k, v]),
  key.map((k) => ['RPOP', k]),
  key.map((k) => ['LRANGE', k, '0', '-1']),
  fc.tuple(key, val).map(([k, v]) => ['SADD', k, v]),
  fc.tuple(key, val).map(([k, v]) => ['SREM', k, v]),
  fc.tuple(key, val, val).map(([k, f, v]) => ['HSET', k, f, v]),
  fc.tuple(key, val).map(([k, f]) => ['HDEL', k, f]),
  fc.tuple(key, ms, val).map(([k, s, m]) => ['ZADD', k, s, m]),
  fc.tuple(key, val).map(([k, m]) => ['ZREM', k, m]),
  key.map((k) => ['ZRANGE', k, '0', '-1']),
  fc.tuple(key, ms).map(([k, n]) => ['PEXPIRE', k, n]),
  key.map((k) => ['PERSIST', k]),
  key.map((k) => ['INCR', k]),
  fc.tuple(key, key).map(([k, j]) => ['RENAME', k, j]),
  fc.constantFrom<string[]>(['MULTI'], ['EXEC'], ['DISCARD'], ['FLUSHALL'], ['DBSIZE']),
  fc
    .tuple(key, val, ms)
    .map(([k, v, s]) => [
      'EVAL',
      "redis.call('ZADD', KEYS[1] .. 'z', ARGV[2], ARGV[1]) return redis.call('SET', KEYS[1], ARGV[1])",
      '1',
      k,
      v,
      s,
    ]),
);

/** A typed line: a command, sometimes with a repeat count, and the ms the clock moves before it. */
const lineArb = fc.record({
  args: commandArb,
  repeat: fc.constantFrom(null, 2),
  wait: fc.constantFrom(0, 0, 5, 20),
});

describe("a write line's change lines", () => {
  // the session reads the keyspace once a write line, keeping the last line's after as the
  // next one's before: its change lines are the keyspace read before and after each line
  test('are the diff of the keyspace read before and after the line, on generated sequences', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        let now = 1_000_000;
        const server = createServer({ now: () => now });
        const session = new ConsoleSession(server);
        for (const { args, repeat, wait } of lines) {
          now += wait;
          const line = `${repeat ? `${repeat} ` : ''}${formatCliCommand(args)}`;
          const before = markKeyspace(server);
          const r = session.run(line);
          const after = markKeyspace(server);
          const expected =
            mayWrite(server, args) && !session.conn.multi
              ? describeChanges(before, after).map(cutLine)
              : [];
          const shown = r.lines.filter((l) => l.kind === 'change').map((l) => l.text);
          expect(shown, line).toEqual(expected);
        }
      }),
      { seed: 20_261_205, numRuns: 300 },
    );
  });
});
