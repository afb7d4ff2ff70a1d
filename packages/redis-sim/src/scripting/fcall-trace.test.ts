import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import { dumpKeyspace } from '../dump.ts';
import type { TraceStep } from '../trace-types.ts';

/** A user's library: a function that reads, writes and counts, over several lines. */
const LIBRARY = [
  '#!lua name=counter',
  "redis.register_function('extend', function(keys, args)",
  "  local n = tonumber(redis.call('HGET', keys[1], 'n') or '0')",
  '  for i = 1, 2 do',
  '    n = n + tonumber(args[1])',
  '  end',
  "  redis.call('HSET', keys[1], 'n', n)",
  "  redis.call('ZADD', keys[2], n, 'job')",
  '  return n',
  'end)',
  "redis.register_function('fail', function(keys, args)",
  "  return redis.call('INCR', keys[1])",
  'end)',
].join('\n');

/** A server with the library loaded and a hash to extend. */
function server() {
  const s = createServer({ now: () => 1_700_000_000_000 });
  s.call(['FUNCTION', 'LOAD', LIBRARY]);
  s.call(['HSET', 'job', 'n', '3']);
  s.call(['SET', 'str', 'x']);
  return s;
}

/** The same FCALL run directly and stepped, each on a server of its own. */
function bothWays(args: string[]): { direct: unknown; stepped: unknown; steps: TraceStep[] } {
  const a = server();
  const direct = a.call(args);
  const b = server();
  const { reply: stepped, steps } = b.trace(args);
  expect(dumpKeyspace(b.keyspace)).toEqual(dumpKeyspace(a.keyspace));
  return { direct, stepped, steps };
}

describe("a traced FCALL steps through the user's function, as a traced EVAL steps its script", () => {
  test('the stepped run answers and writes what the direct run does', () => {
    const { direct, stepped, steps } = bothWays(['FCALL', 'extend', '2', 'job', 'active', '5']);
    expect(direct).toBe(13);
    expect(stepped).toBe(direct);
    // every step points into the library's code, by the lines its author wrote
    expect(steps.every((st) => st.listing === 'user_function')).toBe(true);
    expect(steps.filter((st) => st.event.kind === 'statement').map((st) => st.line)).toEqual([
      3, 4, 5, 5, 7, 8, 9,
    ]);
    const commands = steps.flatMap((st) => (st.event.kind === 'command' ? [st.event.args] : []));
    expect(commands).toEqual([
      ['HGET', 'job', 'n'],
      ['HSET', 'job', 'n', '13'],
      ['ZADD', 'active', '13', 'job'],
    ]);
    // the writes show on the steps that made them
    expect(steps.flatMap((st) => st.changes.map((c) => c.kind))).toEqual(['hash', 'zset']);
    expect(steps.at(-1)?.event).toMatchObject({ kind: 'reply', reply: 13 });
  });

  test("a function's error ends the stepped run as it ends the direct one", () => {
    const { direct, stepped, steps } = bothWays(['FCALL', 'fail', '1', 'job']);
    expect(stepped).toEqual(direct);
    expect(steps.at(-1)).toMatchObject({ line: 12, event: { kind: 'error' } });
  });
});
