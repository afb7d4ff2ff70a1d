import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createServer, dumpKeyspace, sha1Hex, type SimServer } from '@batch-lease/redis-sim';
import type { StepEvent, StepListing, TraceStep } from './lesson-trace.ts';
import { BATCH_LINES } from './lesson-scripts.ts';
import { BATCH_SHA, SINGLE_SHA } from './lesson-scripts.ts';
import { BATCH_SOURCE, SINGLE_SOURCE } from './lua-source.ts';
import { SINGLE_LINES } from './lesson-scripts.ts';
import { echomqModule } from '../module.ts';

const NOW = 1_700_000_000_123;
const ACTIVE = 'emq:{q}:active';
const BASE = 'emq:{q}:';
const row = (id: string) => `${BASE}job:${id}`;

function loaded(): SimServer {
  const s = createServer({ now: () => NOW, runId: 'r'.repeat(40), modules: [echomqModule()] });
  s.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
  s.call(['SCRIPT', 'LOAD', SINGLE_SOURCE]);
  return s;
}

/** The seed's four-lease walk: one live, one stale, one gone, one reaped to pending. */
function seedScenario(): SimServer {
  const s = loaded();
  s.call(['HSET', row('JOB0KHTOWnGLuA'), 'attempts', '1']);
  s.call(['ZADD', ACTIVE, '1700000000000', 'JOB0KHTOWnGLuA']);
  s.call(['HSET', row('JOB0STALE'), 'attempts', '2']);
  s.call(['ZADD', ACTIVE, '1700000000000', 'JOB0STALE']);
  s.call(['ZADD', ACTIVE, '1700000000000', 'JOB0GONE']);
  s.call(['HSET', row('JOB0REAPED'), 'attempts', '1']);
  s.call(['RPUSH', 'emq:{q}:pending', 'JOB0REAPED']);
  return s;
}

const batchArgs = (lease: string, ...pairs: string[]) => [
  'EVALSHA',
  BATCH_SHA,
  '2',
  ACTIVE,
  BASE,
  lease,
  ...pairs,
];
const SEED_PAIRS = ['JOB0KHTOWnGLuA', '1', 'JOB0STALE', '1', 'JOB0GONE', '1', 'JOB0REAPED', '1'];

function undoAll(s: SimServer, steps: TraceStep[]): void {
  for (const st of [...steps].reverse())
    for (const c of [...st.changes].reverse()) s.keyspace.apply(c, 'before');
}

describe('the batch script, stepped', () => {
  test('the seed walk: one clock read, the live member re-scored, the other three collected', () => {
    const s = seedScenario();
    const { steps, reply } = s.trace<StepEvent, StepListing>(batchArgs('30000', ...SEED_PAIRS));
    expect(reply).toEqual(['JOB0STALE', 'JOB0GONE', 'JOB0REAPED']);
    expect(steps.filter((x) => x.event.kind === 'clock')).toHaveLength(1);
    expect(steps.find((x) => x.event.kind === 'clock')?.event).toEqual({
      kind: 'clock',
      seconds: '1700000000',
      micros: '123000',
      now: NOW,
    });

    const first = steps.filter((x) => x.group === 0).map((x) => [x.event.kind, x.line]);
    expect(first).toEqual([
      ['loop', BATCH_LINES.loop],
      ['pair', BATCH_LINES.pair],
      ['row-key', BATCH_LINES.rowKey],
      ['command', BATCH_LINES.hget],
      ['check', BATCH_LINES.checks],
      ['check', BATCH_LINES.checks],
      ['command', BATCH_LINES.checks],
      ['check', BATCH_LINES.checks],
      ['rescore', BATCH_LINES.zadd],
      ['advance', BATCH_LINES.advance],
    ]);
    const rescore = steps.find((x) => x.event.kind === 'rescore');
    expect(rescore?.changes).toEqual([
      {
        kind: 'zset',
        key: ACTIVE,
        member: 'JOB0KHTOWnGLuA',
        before: 1700000000000,
        after: NOW + 30000,
      },
    ]);

    const collects = steps.flatMap((x) => (x.event.kind === 'collect' ? [x.event] : []));
    expect(collects.map((c) => [c.id, c.check, c.failedCount])).toEqual([
      ['JOB0STALE', 'token', 1],
      ['JOB0GONE', 'row', 2],
      ['JOB0REAPED', 'membership', 3],
    ]);
    const last = steps.at(-1);
    // the reply step quotes what the script's `return` wrote
    expect(last?.event).toEqual({
      kind: 'reply',
      reply: ['JOB0STALE', 'JOB0GONE', 'JOB0REAPED'],
      expr: 'failed',
    });
    expect(last?.line).toBe(BATCH_LINES.ret);
    // the loop head is tested once more than there are pairs, and the last test does not enter
    const loops = steps.flatMap((x) => (x.event.kind === 'loop' ? [x.event] : []));
    expect(loops.map((l) => [l.i, l.enters])).toEqual([
      [2, true],
      [4, true],
      [6, true],
      [8, true],
      [10, false],
    ]);
  });

  test('an error mid-batch ends the run with the real text and keeps the ZADD before it', () => {
    const s = seedScenario();
    s.call(['SET', row('WRONG'), 'x']);
    const { steps, reply } = s.trace<StepEvent, StepListing>(
      batchArgs('30000', 'JOB0KHTOWnGLuA', '1', 'WRONG', '1'),
    );
    expect(reply).toEqual({
      error: `WRONGTYPE Operation against a key holding the wrong kind of value script: ${BATCH_SHA}, on @user_script:${BATCH_LINES.hget}.`,
    });
    expect(steps.at(-1)?.event.kind).toBe('error');
    expect(s.call(['ZSCORE', ACTIVE, 'JOB0KHTOWnGLuA'])).toBe(String(NOW + 30000));
  });

  test('a non-numeric lease fails only when a live member reaches the arithmetic', () => {
    const s = seedScenario();
    expect(s.call(batchArgs('abc', 'JOB0STALE', '1'))).toEqual(['JOB0STALE']);
    const { steps, reply } = s.trace<StepEvent, StepListing>(
      batchArgs('abc', 'JOB0STALE', '1', 'JOB0KHTOWnGLuA', '1'),
    );
    expect(reply).toEqual({
      error: `ERR user_script:${BATCH_LINES.zadd}: attempt to perform arithmetic on local 'lease' (a nil value) script: ${BATCH_SHA}, on @user_script:${BATCH_LINES.zadd}.`,
    });
    expect(steps[0]?.event).toEqual({ kind: 'args', base: BASE, lease: null, leaseArg: 'abc' });
  });

  test('stepping back through every change restores the keyspace', () => {
    const s = seedScenario();
    const before = dumpKeyspace(s.keyspace);
    const { steps } = s.trace<StepEvent, StepListing>(
      batchArgs('30000', ...SEED_PAIRS, 'JOB0KHTOWnGLuA', '1'),
    );
    expect(dumpKeyspace(s.keyspace)).not.toEqual(before);
    undoAll(s, steps);
    expect(dumpKeyspace(s.keyspace)).toEqual(before);
  });

  test('a refusal before the script starts has no steps', () => {
    const s = seedScenario();
    expect(s.trace<StepEvent, StepListing>(['EVALSHA', 'f'.repeat(40), '0'])).toEqual({
      steps: [],
      reply: { error: 'NOSCRIPT No matching script. Please use EVAL.' },
    });
    expect(s.trace<StepEvent, StepListing>(['EVALSHA', BATCH_SHA, '-1'])).toEqual({
      steps: [],
      reply: { error: "ERR Number of keys can't be negative" },
    });
  });
});

describe('the single script, stepped', () => {
  test.each([
    ['JOB0KHTOWnGLuA', '1', 1, SINGLE_LINES.ret],
    [
      'JOB0STALE',
      '1',
      { error: 'EMQSTALE the token does not match the row attempts' },
      SINGLE_LINES.stale,
    ],
    ['JOB0GONE', '1', { error: 'EMQGONE the job row does not exist' }, SINGLE_LINES.gone],
    ['JOB0REAPED', '1', { error: 'EMQNOTACTIVE the job is not in active' }, SINGLE_LINES.notActive],
  ])('%s token %s → %j at line %i', (id, token, expected, line) => {
    const s = seedScenario();
    const { steps, reply } = s.trace<StepEvent, StepListing>([
      'EVALSHA',
      SINGLE_SHA,
      '2',
      ACTIVE,
      row(id),
      '30000',
      id,
      token,
    ]);
    expect(reply).toEqual(expected);
    expect(steps.at(-1)?.line).toBe(line);
    const expr = typeof expected === 'object' ? `redis.error_reply('${expected.error}')` : '1';
    expect(steps.at(-1)?.event).toEqual({ kind: 'reply', reply: expected, expr });
  });
});

describe('any other script runs through the same engine', () => {
  test('EVAL runs it and caches it; SCRIPT LOAD names it; EVALSHA runs it', () => {
    const s = loaded();
    const sha = 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db';
    expect(s.call(['EVAL', 'return 1', '0'])).toBe(1);
    expect(s.call(['SCRIPT', 'EXISTS', sha])).toEqual([1]);
    expect(s.call(['SCRIPT', 'LOAD', 'return 1'])).toBe(sha);
    expect(s.call(['EVALSHA', sha, '0'])).toBe(1);
  });

  test('a script that does not compile is answered as Redis words it, and not cached', () => {
    const s = loaded();
    const error =
      "ERR Error compiling script (new function): user_script:1: unexpected symbol near '<eof>'";
    expect(s.call(['EVAL', 'return 1 +', '0'])).toEqual({ error });
    expect(s.call(['SCRIPT', 'LOAD', 'return 1 +'])).toEqual({ error });
    expect(s.call(['SCRIPT', 'EXISTS', sha1Hex('return 1 +')])).toEqual([0]);
  });
});

describe('the clock', () => {
  test('TIME reads the virtual clock, and setClock moves it', () => {
    const s = createServer({ now: () => 1_234_567, modules: [echomqModule()] });
    expect(s.call(['TIME'])).toEqual(['1234', '567000']);
    s.setClock(5);
    expect(s.call(['TIME'])).toEqual(['0', '5000']);
  });
});

// Generated scenarios: a stepped run must end where a one-shot run ends.
const IDS = ['A', 'B', 'C', 'D'];
const fate = fc.constantFrom('live', 'stale', 'gone', 'reaped', 'wrongtype', 'lane', 'norow');
const scenarioArb = fc.record({
  fates: fc.tuple(fate, fate, fate, fate),
  pairs: fc.array(fc.tuple(fc.constantFrom(...IDS, 'X'), fc.constantFrom('1', '2', '01', '')), {
    maxLength: 8,
  }),
  trailing: fc.boolean(),
  lease: fc.constantFrom(
    '30000',
    ' 7 ',
    '1e3',
    '0x10',
    '',
    'abc',
    'inf',
    '-inf',
    'nan',
    '-5',
    '1e400',
    '0.1',
  ),
  numkeys: fc.constantFrom(2, 2, 2, 1, 0),
  activeWrong: fc.boolean(),
  single: fc.boolean(),
  clock: fc.integer({ min: 0, max: 2_000_000_000_000 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function build(sc: Scenario): { server: SimServer; args: string[] } {
  const s = loaded();
  s.setClock(sc.clock);
  sc.fates.forEach((f, n) => {
    const id = IDS[n] as string;
    if (f === 'wrongtype') s.call(['SET', row(id), 'x']);
    else if (f !== 'gone' && f !== 'norow')
      s.call(['HSET', row(id), 'attempts', f === 'stale' ? '2' : '1']);
    if (f === 'lane') s.call(['HSET', row(id), 'group', 'g']);
    if (f === 'reaped' || f === 'norow') s.call(['RPUSH', 'emq:{q}:pending', id]);
    else s.call(['ZADD', ACTIVE, '100', id]);
  });
  if (sc.activeWrong) {
    s.call(['DEL', ACTIVE]);
    s.call(['SET', ACTIVE, 'x']);
  }
  const flat = sc.pairs.flat();
  if (sc.trailing) flat.push('A');
  const keys = sc.single ? [ACTIVE, row(sc.pairs[0]?.[0] ?? 'A')] : [ACTIVE, BASE];
  const sha = sc.single ? SINGLE_SHA : BATCH_SHA;
  const args = [
    'EVALSHA',
    sha,
    String(sc.numkeys),
    ...keys.slice(0, sc.numkeys),
    sc.lease,
    ...flat,
  ];
  return { server: s, args };
}

describe('stepped equals one-shot', () => {
  test('on generated scenarios, for both scripts', () => {
    fc.assert(
      fc.property(scenarioArb, (sc) => {
        const oneShot = build(sc);
        const stepped = build(sc);
        const initial = dumpKeyspace(stepped.server.keyspace);
        const reply = oneShot.server.call(oneShot.args);
        const traced = stepped.server.trace<StepEvent, StepListing>(stepped.args);
        expect(traced.reply).toEqual(reply);
        expect(dumpKeyspace(stepped.server.keyspace)).toEqual(
          dumpKeyspace(oneShot.server.keyspace),
        );
        // the last step is the reply or the error the run ended with
        const last = traced.steps.at(-1)?.event;
        if (last?.kind === 'reply') expect(last.reply).toEqual(reply);
        else if (last?.kind === 'error') expect({ error: last.error }).toEqual(reply);
        // and the changes undo to where it started
        undoAll(stepped.server, traced.steps);
        expect(dumpKeyspace(stepped.server.keyspace)).toEqual(initial);
      }),
      { seed: 424242, numRuns: 400 },
    );
  });
});
