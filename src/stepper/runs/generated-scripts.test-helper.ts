/**
 * Generated Lua scripts for the stepper's properties: the lesson's batch script with one line
 * deleted, doubled or replaced (many no longer compile, or fail at run time), and small
 * scripts of their own over the queue's keys: sorted sets, hashes, the pending list, strings and
 * expiries, the writes a step records; and the scenarios to run them on.
 */
import fc from 'fast-check';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import type { JobState, Scenario } from '../../scenario/types.ts';

const LESSON_LINES = BATCH_SOURCE.split('\n');

/** Statements over KEYS[1] (active), KEYS[2] (the base) and the pairs in ARGV. */
const statementArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 99 }).map((n) => `redis.call('ZADD', KEYS[1], ${n}, ARGV[2] or 'x')`),
  fc.constant("redis.call('ZREM', KEYS[1], ARGV[2] or 'x')"),
  fc
    .integer({ min: 0, max: 9 })
    .map((n) => `redis.call('HSET', KEYS[2] .. 'job:' .. (ARGV[2] or 'x'), 'attempts', ${n})`),
  fc.constant("redis.call('HDEL', KEYS[2] .. 'job:' .. (ARGV[2] or 'x'), 'attempts')"),
  fc.constant("local s = redis.call('ZSCORE', KEYS[1], ARGV[2] or 'x')"),
  fc.constant("local a = redis.call('HGET', KEYS[2] .. 'job:' .. (ARGV[2] or 'x'), 'attempts')"),
  fc.constant("for j = 2, #ARGV, 2 do redis.call('ZINCRBY', KEYS[1], 1, ARGV[j]) end"),
  fc.constant("if #ARGV > 2 then redis.call('ZADD', KEYS[1], 5, ARGV[3]) else local z = 1 end"),
  fc.constant("local t = redis.call('TIME')"),
  fc.constant("redis.call('RPUSH', KEYS[2] .. 'pending', ARGV[2] or 'x')"),
  fc.constant("redis.call('LREM', KEYS[2] .. 'pending', 0, ARGV[2] or 'x')"),
  fc.constant("redis.call('LPOP', KEYS[2] .. 'pending')"),
  fc.constant("redis.call('DEL', KEYS[2] .. 'pending')"),
  fc.constant("redis.call('ZADD', KEYS[2] .. 'other', 1, 'x')"),
  // strings and time to live: writes the keyspace journal does not see entry by entry
  fc.integer({ min: 0, max: 9 }).map((n) => `redis.call('SET', KEYS[2] .. 'note', 'v${n}')`),
  fc.constant("redis.call('SET', KEYS[2] .. 'note', 'x', 'PX', 60000)"),
  fc.constant("redis.call('INCR', KEYS[2] .. 'count')"),
  fc.constant("redis.call('DEL', KEYS[2] .. 'note', KEYS[2] .. 'count')"),
  fc.constant("redis.call('EXPIRE', KEYS[2] .. 'count', 100)"),
  fc.constant("redis.call('PERSIST', KEYS[2] .. 'count')"),
  fc.constant("redis.call('SET', KEYS[2] .. 'job:' .. (ARGV[2] or 'x'), 'gone')"),
  fc.constant("redis.call('EXPIRE', KEYS[2] .. 'job:' .. (ARGV[2] or 'x'), 30)"),
  fc.constant("error('stopped here')"),
  fc.constant('local n = #ARGV + nil'),
  fc.constant('local = 1'),
);

const ownScriptArb = fc
  .tuple(fc.array(statementArb, { minLength: 1, maxLength: 6 }), fc.boolean())
  .map(([body, ret]) => [...body, ret ? 'return #ARGV' : "return {KEYS[1], 'done'}"].join('\n'));

const lessonEditArb = fc
  .tuple(
    fc.nat({ max: LESSON_LINES.length - 1 }),
    fc.constantFrom('delete', 'double', 'replace'),
    statementArb,
  )
  .map(([at, how, stmt]) => {
    const lines = [...LESSON_LINES];
    if (how === 'delete') lines.splice(at, 1);
    else if (how === 'double') lines.splice(at, 0, lines[at]!);
    else lines[at] = stmt;
    return lines.join('\n');
  });

/** A script to run with the script executor. */
export const generatedScriptArb: fc.Arbitrary<string> = fc.oneof(ownScriptArb, lessonEditArb);

const IDS = [
  'JOB0KHTOWnGLuA',
  'JOB0KHTP2xVbQe',
  'JOB0KHTQ8mRsLd',
  'JOB0KHTR5cWyNf',
  'JOB0KHTS3kPaZr',
];

const jobArb = (id: string): fc.Arbitrary<JobState> =>
  fc.record({
    id: fc.constant(id),
    row: fc.constantFrom('hash', 'hash', 'hash', 'none', 'wrongtype'),
    attempts: fc.integer({ min: 0, max: 3 }),
    group: fc.option(fc.constantFrom('tenant-7', 'lane-a'), { nil: null }),
    place: fc.constantFrom('active', 'active', 'pending', 'neither'),
    leaseLeftMs: fc.integer({ min: -5_000, max: 60_000 }),
  });

/** Scenarios over a small id pool (so duplicates happen), every fate and both clients. */
export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    jobs: fc.tuple(...IDS.map(jobArb)),
    held: fc.array(
      fc.record({ id: fc.constantFrom(...IDS), token: fc.integer({ min: -1, max: 3 }) }),
      { maxLength: 9 },
    ),
    raw: fc.boolean(),
    leaseMs: fc.integer({ min: 1, max: 120_000 }),
    rawLease: fc.integer({ min: -60_000, max: 120_000 }),
    clockMs: fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
    trailing: fc.option(fc.constantFrom(...IDS), { nil: null }),
  })
  .map(({ jobs, held, raw, leaseMs, rawLease, clockMs, trailing }) => ({
    queue: 'q',
    held,
    jobs: [...jobs],
    leaseMs: raw ? rawLease : leaseMs,
    clockMs,
    caller: 'full' as const,
    client: raw ? ('raw' as const) : ('verb' as const),
    trailingId: raw ? trailing : null,
    activeKeyOverride: null,
  }));
