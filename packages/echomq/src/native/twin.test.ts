import { describe, expect, test } from 'vitest';
import { createServer, dumpKeyspace, type Reply, type SimServer } from '@batch-lease/redis-sim';
import type { StepEvent, StepListing, TraceStep } from '../scripts/lesson-trace.ts';
import { connector } from '../client/connector.ts';
import { extendLock } from '../client/extend-lock.ts';
import { extendLocks } from '../client/extend-locks.ts';
import { renderOutcome } from '../client/outcome.ts';
import { BATCH_SHA, SINGLE_SHA } from '../scripts/lesson-scripts.ts';
import { BATCH_SOURCE, SINGLE_SOURCE } from '../scripts/lua-source.ts';
import { EXTENDS_LINES, EXTENDS_SOURCE, EXTEND_SOURCE } from './native-source.ts';
import { nativeText } from './replies.ts';
import { echomqModule } from '../module.ts';

/**
 * One test per difference the seed lists between @extend_locks2 (wire 4) and
 * EMQ.EXTENDS (wire 6): each runs both executors on copies of the SAME state
 * and asserts the outcomes differ (or, for the clock, agree) as the seed says.
 */

const NOW = 1_700_000_000_123;
const RUN_ID = '5e1f0c3a9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f';
const ACTIVE = 'emq:{q}:active';
const BASE = 'emq:{q}:';
const row = (id: string) => `${BASE}job:${id}`;

/** A server with both scripts loaded, its clock fixed at NOW. */
function server(): SimServer {
  const s = createServer({ now: () => NOW, runId: RUN_ID, modules: [echomqModule()] });
  s.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
  s.call(['SCRIPT', 'LOAD', SINGLE_SOURCE]);
  return s;
}

function live(s: SimServer, id: string, attempts = '1', extra: string[] = []): void {
  s.call(['HSET', row(id), 'attempts', attempts, ...extra]);
  s.call(['ZADD', ACTIVE, '100', id]);
}

const script = (lease: string, ...argv: string[]) => [
  'EVALSHA',
  BATCH_SHA,
  '2',
  ACTIVE,
  BASE,
  lease,
  ...argv,
];
const native = (lease: string, ...argv: string[]) => [
  'EMQ.EXTENDS',
  '2',
  ACTIVE,
  BASE,
  lease,
  ...argv,
];

/** Runs `args` on an independent copy of `s`; answers the reply, the steps and the keyspace after. */
function runOn(s: SimServer, args: string[], user = 'default') {
  const copy = s.clone();
  const { steps, reply } = copy.connect(user).trace<StepEvent, StepListing>(args);
  return { reply, steps, after: dumpKeyspace(copy.keyspace), server: copy };
}

const before = (s: SimServer) => dumpKeyspace(s.keyspace);

describe('the native twin against the script, on the same state', () => {
  test('every check before any write: WRONGTYPE mid-batch keeps the script’s earlier ZADD, the native writes nothing', () => {
    const s = server();
    live(s, 'A');
    s.call(['SET', row('W'), 'not-a-hash']);
    s.call(['ZADD', ACTIVE, '100', 'W']);
    live(s, 'B');
    const argv = ['A', '1', 'W', '1', 'B', '1'];

    const w4 = runOn(s, script('30000', ...argv));
    expect(w4.reply).toEqual({
      error: `WRONGTYPE Operation against a key holding the wrong kind of value script: ${BATCH_SHA}, on @user_script:17.`,
    });
    expect(w4.server.call(['ZSCORE', ACTIVE, 'A'])).toBe(String(NOW + 30000));
    expect(w4.server.call(['ZSCORE', ACTIVE, 'B'])).toBe('100');

    const w6 = runOn(s, native('30000', ...argv));
    expect(w6.reply).toEqual({
      error: 'WRONGTYPE Operation against a key holding the wrong kind of value',
    });
    expect(w6.after).toEqual(before(s));
    // the refusal comes in the read pass: no write-pass step was reached
    expect(w6.steps.some((x) => x.changes.length > 0)).toBe(false);
    expect(w6.steps.at(-1)?.event.kind).toBe('error');
  });

  test('every check before any write: a wrong-typed active set refuses before any member is re-scored', () => {
    const s = server();
    s.call(['HSET', row('A'), 'attempts', '1']);
    s.call(['SET', ACTIVE, 'not-a-zset']);
    const w4 = runOn(s, script('30000', 'A', '1'));
    const w6 = runOn(s, native('30000', 'A', '1'));
    expect(w4.reply).toEqual({
      error: `WRONGTYPE Operation against a key holding the wrong kind of value script: ${BATCH_SHA}, on @user_script:19.`,
    });
    expect(w6.reply).toEqual({
      error: 'WRONGTYPE Operation against a key holding the wrong kind of value',
    });
    expect(w6.after).toEqual(before(s));
  });

  test('an unpaired trailing id: the script never reads it, the native refuses the command', () => {
    const s = server();
    live(s, 'A');
    live(s, 'T');
    const w4 = runOn(s, script('30000', 'A', '1', 'T'));
    expect(w4.reply).toEqual([]);
    expect(w4.server.call(['ZSCORE', ACTIVE, 'A'])).toBe(String(NOW + 30000));
    expect(w4.server.call(['ZSCORE', ACTIVE, 'T'])).toBe('100');

    const w6 = runOn(s, native('30000', 'A', '1', 'T'));
    expect(w6.reply).toEqual({ error: 'ERR EMQ.EXTENDS wrong number of arguments' });
    expect(w6.after).toEqual(before(s));
  });

  test.each([
    [
      'numkeys 3',
      ['EMQ.EXTENDS', '3', ACTIVE, BASE, 'x', '30000', 'A', '1'],
      "ERR EMQ.EXTENDS numkeys must be 2, got '3'",
    ],
    [
      'numkeys 1',
      ['EMQ.EXTENDS', '1', ACTIVE, BASE, '30000', 'A', '1'],
      "ERR EMQ.EXTENDS numkeys must be 2, got '1'",
    ],
    [
      'numkeys not a number',
      ['EMQ.EXTENDS', 'two', ACTIVE, BASE, '30000', 'A', '1'],
      "ERR EMQ.EXTENDS numkeys must be 2, got 'two'",
    ],
    ['no lease', ['EMQ.EXTENDS', '2', ACTIVE, BASE], 'ERR EMQ.EXTENDS wrong number of arguments'],
    [
      'another queue’s active set',
      ['EMQ.EXTENDS', '2', 'emq:{o}:active', BASE, '30000', 'A', '1'],
      "ERR EMQ.EXTENDS key layout: KEYS[1] must be KEYS[2] .. 'active'",
    ],
    [
      'pending as KEYS[1]',
      ['EMQ.EXTENDS', '2', 'emq:{q}:pending', BASE, '30000', 'A', '1'],
      "ERR EMQ.EXTENDS key layout: KEYS[1] must be KEYS[2] .. 'active'",
    ],
    [
      'a zero lease',
      native('0', 'A', '1'),
      "ERR EMQ.EXTENDS lease_ms must be a positive integer, got '0'",
    ],
    [
      'a negative lease',
      native('-5', 'A', '1'),
      "ERR EMQ.EXTENDS lease_ms must be a positive integer, got '-5'",
    ],
    [
      'a fractional lease',
      native('1.5', 'A', '1'),
      "ERR EMQ.EXTENDS lease_ms must be a positive integer, got '1.5'",
    ],
    [
      'a signed lease',
      native('+5', 'A', '1'),
      "ERR EMQ.EXTENDS lease_ms must be a positive integer, got '+5'",
    ],
    [
      'a hex lease',
      native('0x10', 'A', '1'),
      "ERR EMQ.EXTENDS lease_ms must be a positive integer, got '0x10'",
    ],
    [
      'a lease past i64',
      native('9223372036854775808', 'A', '1'),
      "ERR EMQ.EXTENDS lease_ms must be a positive integer, got '9223372036854775808'",
    ],
    [
      'a deadline past i64',
      native('9223372036854775807', 'A', '1'),
      'ERR EMQ.EXTENDS lease_ms is too large: now + lease_ms overflows a 64-bit integer',
    ],
  ])(
    'the shape is checked: %s is refused with its own error, writing nothing',
    (_what, args, error) => {
      const s = server();
      live(s, 'A');
      const w6 = runOn(s, args);
      expect(w6.reply).toEqual({ error });
      expect(w6.after).toEqual(before(s));
    },
  );

  test('the shape is checked: the script runs the same wrong shapes', () => {
    const s = server();
    live(s, 'A');
    // a negative lease: the script re-scores the lease into the past
    expect(runOn(s, script('-5', 'A', '1')).server.call(['ZSCORE', ACTIVE, 'A'])).toBe(
      String(NOW - 5),
    );
    // another queue's active set as KEYS[1]: the id is not there, so it is collected
    const other = ['EVALSHA', BATCH_SHA, '2', 'emq:{o}:active', BASE, '30000', 'A', '1'];
    expect(runOn(s, other).reply).toEqual(['A']);
    // numkeys 3: the script ignores the extra key and serves the batch
    const three = ['EVALSHA', BATCH_SHA, '3', ACTIVE, BASE, 'x', '30000', 'A', '1'];
    expect(runOn(s, three).reply).toEqual([]);
  });

  test('each row is opened as the caller: a read-only caller on the rows is served by the script, refused by the native', () => {
    const s = server();
    live(s, 'A');
    live(s, 'B');
    s.call([
      'ACL',
      'SETUSER',
      'ro',
      'on',
      'nopass',
      '+@all',
      '%R~emq:{q}:job:*',
      `~${ACTIVE}`,
      `~${BASE}`,
    ]);
    const w4 = runOn(s, script('30000', 'A', '1', 'B', '1'), 'ro');
    expect(w4.reply).toEqual([]);
    expect(w4.server.call(['ZSCORE', ACTIVE, 'B'])).toBe(String(NOW + 30000));

    const w6 = runOn(s, native('30000', 'A', '1', 'B', '1'), 'ro');
    expect(w6.reply).toEqual({
      error: 'NOPERM EMQ.EXTENDS this user has no permissions to write the job row emq:{q}:job:A',
    });
    expect(w6.after).toEqual(before(s));
    // both rows passed the read pass; the write pass refused before its first write
    expect(w6.steps.filter((x) => x.event.kind === 'verdict')).toHaveLength(2);
    // the same user may not write the row directly either
    expect(s.connect('ro').call(['HSET', row('A'), 'lease_epoch', RUN_ID])).toEqual({
      error: 'NOPERM this user has no permissions to access one of the keys used as arguments',
    });
  });

  test('each row is opened as the caller: a caller with no row pattern is refused in the read pass, and by the script at its HGET', () => {
    const s = server();
    live(s, 'A');
    s.call(['ACL', 'SETUSER', 'np', 'on', 'nopass', '+@all', `~${ACTIVE}`, `~${BASE}`]);
    expect(runOn(s, script('30000', 'A', '1'), 'np').reply).toEqual({
      error: `ERR The user executing the script can't access at least one of the keys mentioned in the command arguments script: ${BATCH_SHA}, on @user_script:17.`,
    });
    const w6 = runOn(s, native('30000', 'A', '1'), 'np');
    expect(w6.reply).toEqual({
      error: 'NOPERM EMQ.EXTENDS this user has no permissions to read the job row emq:{q}:job:A',
    });
    expect(w6.after).toEqual(before(s));
  });

  test('lease_epoch is stamped with the run_id on every extended row; the script writes no such field', () => {
    const s = server();
    live(s, 'A');
    live(s, 'B');
    live(s, 'S', '2');
    const argv = ['A', '1', 'S', '1', 'B', '1'];
    const w4 = runOn(s, script('30000', ...argv));
    const w6 = runOn(s, native('30000', ...argv));
    expect(w4.reply).toEqual(['S']);
    expect(w6.reply).toEqual(['S']);
    for (const id of ['A', 'B', 'S']) {
      expect(w4.server.call(['HEXISTS', row(id), 'lease_epoch'])).toBe(0);
    }
    expect(w6.server.call(['HGET', row('A'), 'lease_epoch'])).toBe(RUN_ID);
    expect(w6.server.call(['HGET', row('B'), 'lease_epoch'])).toBe(RUN_ID);
    // the stale one was not extended, so it is not stamped
    expect(w6.server.call(['HEXISTS', row('S'), 'lease_epoch'])).toBe(0);
    const stamps = w6.steps.flatMap((x) => (x.event.kind === 'stamp' ? [x.event] : []));
    expect(stamps).toEqual([
      { kind: 'stamp', key: row('A'), runId: RUN_ID },
      { kind: 'stamp', key: row('B'), runId: RUN_ID },
    ]);

    // after a restart the run_id is new, the scripts are gone, the keyspace is kept
    const again = w6.server;
    const next = again.restart();
    expect(next).not.toBe(RUN_ID);
    expect(again.call(['HGET', row('A'), 'lease_epoch'])).toBe(RUN_ID);
    expect(again.call(['SCRIPT', 'EXISTS', BATCH_SHA])).toEqual([0]);
    expect(again.call(native('30000', 'A', '1'))).toEqual([]);
    expect(again.call(['HGET', row('A'), 'lease_epoch'])).toBe(next);
  });

  test('one clock read: both executors read the clock once and give every extended member one score', () => {
    const s = server();
    for (const id of ['A', 'B', 'C']) live(s, id);
    const argv = ['A', '1', 'B', '1', 'C', '1'];
    for (const args of [script('30000', ...argv), native('30000', ...argv)]) {
      const copy = s.clone();
      let reads = 0;
      copy.setClock(() => {
        reads++;
        return NOW + reads * 7; // a clock that moves at every read
      });
      expect(copy.call(args)).toEqual([]);
      expect(reads).toBe(1);
      const scores = ['A', 'B', 'C'].map((id) => copy.call(['ZSCORE', ACTIVE, id]));
      expect(new Set(scores)).toEqual(new Set([String(NOW + 7 + 30000)]));
    }
  });

  test('group is not read: a lane job extends as a flat job does, on both wires', () => {
    const s = server();
    live(s, 'LANE', '1', ['group', 'g1']);
    live(s, 'FLAT');
    const argv = ['LANE', '1', 'FLAT', '1'];
    const w4 = runOn(s, script('30000', ...argv));
    const w6 = runOn(s, native('30000', ...argv));
    expect(w4.reply).toEqual([]);
    expect(w6.reply).toEqual([]);
    for (const r of [w4, w6]) {
      expect(r.server.call(['ZSCORE', ACTIVE, 'LANE'])).toBe(String(NOW + 30000));
      const reads = r.steps.flatMap((x) => (x.event.kind === 'command' ? [x.event.args] : []));
      expect(reads.flat()).not.toContain('group');
    }
    // the lane row keeps its group; only lease_epoch is added by the native
    expect(w6.server.call(['HGETALL', row('LANE')])).toEqual([
      'attempts',
      '1',
      'group',
      'g1',
      'lease_epoch',
      RUN_ID,
    ]);
  });

  test('both reply with the ids not extended, in input order', () => {
    const s = server();
    live(s, 'A');
    live(s, 'S', '2');
    s.call(['ZADD', ACTIVE, '100', 'G']);
    s.call(['HSET', row('R'), 'attempts', '1']);
    const argv = ['R', '1', 'A', '1', 'G', '1', 'S', '1'];
    expect(runOn(s, script('30000', ...argv)).reply).toEqual(['R', 'G', 'S']);
    expect(runOn(s, native('30000', ...argv)).reply).toEqual(['R', 'G', 'S']);
  });
});

describe('EMQ.EXTEND against @extend_lock2', () => {
  const single = (id: string, r = row(id)) => [
    'EVALSHA',
    SINGLE_SHA,
    '2',
    ACTIVE,
    r,
    '30000',
    id,
    '1',
  ];
  const one = (id: string, r = row(id)) => ['EMQ.EXTEND', '2', ACTIVE, r, '30000', id, '1'];

  test.each([
    ['A', 1, 1],
    ['S', { error: 'EMQSTALE the token does not match the row attempts' }, null],
    ['G', { error: 'EMQGONE the job row does not exist' }, null],
    ['R', { error: 'EMQNOTACTIVE the job is not in active' }, null],
  ])('%s: the same answer in the same wire class', (id, reply, stamped) => {
    const s = server();
    live(s, 'A');
    live(s, 'S', '2');
    s.call(['ZADD', ACTIVE, '100', 'G']);
    s.call(['HSET', row('R'), 'attempts', '1']);
    const w4 = runOn(s, single(id));
    const w6 = runOn(s, one(id));
    expect(w4.reply).toEqual(reply);
    expect(w6.reply).toEqual(reply);
    expect(w6.server.call(['HGET', row(id), 'lease_epoch'])).toBe(stamped === 1 ? RUN_ID : null);
  });

  test.each([
    [
      ['EMQ.EXTEND', '2', ACTIVE, row('A'), '30000', 'A'],
      'ERR EMQ.EXTEND wrong number of arguments',
    ],
    [
      ['EMQ.EXTEND', '2', ACTIVE, row('A'), '30000', 'A', '1', 'B', '1'],
      'ERR EMQ.EXTEND wrong number of arguments',
    ],
    [
      ['EMQ.EXTEND', '2', 'emq:{q}:pending', row('A'), '30000', 'A', '1'],
      "ERR EMQ.EXTEND key layout: KEYS[1] must end in 'active'",
    ],
    [
      ['EMQ.EXTEND', '2', ACTIVE, row('B'), '30000', 'A', '1'],
      'ERR EMQ.EXTEND key layout: KEYS[2] must be the row of ARGV[2]',
    ],
    [
      ['EMQ.EXTEND', '2', ACTIVE, row('A'), '-1', 'A', '1'],
      "ERR EMQ.EXTEND lease_ms must be a positive integer, got '-1'",
    ],
    [
      ['EMQ.EXTEND', '3', ACTIVE, row('A'), 'x', '30000', 'A', '1'],
      "ERR EMQ.EXTEND numkeys must be 2, got '3'",
    ],
  ])('%j is refused with its own error', (args, error) => {
    const s = server();
    live(s, 'A');
    live(s, 'B');
    const w6 = runOn(s, args);
    expect(w6.reply).toEqual({ error });
    expect(w6.after).toEqual(before(s));
  });

  test('the row is a declared key: a read-only caller is refused at the door on both wires', () => {
    const s = server();
    live(s, 'A');
    s.call([
      'ACL',
      'SETUSER',
      'ro',
      'on',
      'nopass',
      '+@all',
      '%R~emq:{q}:job:*',
      `~${ACTIVE}`,
      `~${BASE}`,
    ]);
    const noperm = {
      error: 'NOPERM this user has no permissions to access one of the keys used as arguments',
    };
    expect(runOn(s, single('A'), 'ro').reply).toEqual(noperm);
    expect(runOn(s, one('A'), 'ro').reply).toEqual(noperm);
  });
});

describe('the native trace', () => {
  function replay(s: SimServer, steps: TraceStep[]): void {
    for (const st of steps) for (const c of st.changes) s.keyspace.apply(c, 'after');
  }

  test('server.trace walks the handler line by line, and replaying its changes gives the one-shot keyspace', () => {
    const s = server();
    live(s, 'A');
    live(s, 'S', '2');
    const args = native('30000', 'A', '1', 'S', '1');
    const traced = runOn(s, args);
    const oneShot = s.clone();
    expect(oneShot.call(args)).toEqual(traced.reply);
    expect(traced.after).toEqual(dumpKeyspace(oneShot.keyspace));
    const replayed = s.clone();
    replay(replayed, traced.steps);
    expect(dumpKeyspace(replayed.keyspace)).toEqual(traced.after);
    expect(traced.steps.every((x) => x.listing === 'emq_extends.rs')).toBe(true);
    // the read pass finishes before the write pass starts
    const kinds = traced.steps.map((x) => x.event.kind);
    expect(kinds.lastIndexOf('verdict')).toBeLessThan(kinds.indexOf('rescore'));
    expect(kinds.filter((k) => k === 'clock')).toHaveLength(1);
  });

  test('every step stands on a line of its listing that does what the step says', () => {
    const s = server();
    live(s, 'A');
    live(s, 'S', '2');
    const many = runOn(s, native('30000', 'A', '1', 'S', '1', 'G', '1'));
    const one = runOn(s, ['EMQ.EXTEND', '2', ACTIVE, row('A'), '30000', 'A', '1']);
    const lines = (src: string) => src.split('\n');
    const text = (st: TraceStep) =>
      lines(st.listing === 'emq_extends.rs' ? EXTENDS_SOURCE : EXTEND_SOURCE)[st.line - 1] ?? '';
    for (const st of [...many.steps, ...one.steps]) {
      const t = text(st);
      const e = st.event;
      if (e.kind === 'rescore') expect(t).toContain('cmd::ZADD');
      if (e.kind === 'stamp') expect(t).toContain('lease_epoch');
      if (e.kind === 'clock') expect(t).toContain('now_ms()');
      if (e.kind === 'check' || (e.kind === 'command' && st.group !== null)) {
        expect(t).toContain('lease_verdict(');
      }
      if (e.kind === 'native' && e.what === 'open') expect(t).toContain('caller.open(');
      if (e.kind === 'reply') expect(t).toMatch(/^\s*Ok\(/);
    }
    expect(one.steps.every((x) => x.listing === 'emq_extend.rs')).toBe(true);
    expect(Object.values(EXTENDS_LINES).every((n) => n > 0)).toBe(true);
    expect(one.reply).toBe(1);
  });

  test('a node started without the module answers the native commands as unknown', () => {
    const s = createServer({ modules: [echomqModule({ native: false })] });
    const r: Reply = s.call(['EMQ.EXTENDS', '2', ACTIVE, BASE, '1']);
    expect(r).toEqual({
      error:
        "ERR unknown command 'EMQ.EXTENDS', with args beginning with: '2' 'emq:{q}:active' 'emq:{q}:' '1' ",
    });
  });
});

describe('the verbs over wire 4 and wire 6', () => {
  function state(): SimServer {
    const s = server();
    live(s, 'A');
    live(s, 'S', '2');
    s.call([
      'ACL',
      'SETUSER',
      'ro',
      'on',
      'nopass',
      '+@all',
      '%R~emq:{q}:job:*',
      `~${ACTIVE}`,
      `~${BASE}`,
    ]);
    return s;
  }

  test('extend_locks/4: the same answer for the default user, NOPERM as an error term for a read-only caller on wire 6', () => {
    const held = [
      ['A', 1],
      ['S', 1],
    ] as const;
    expect(renderOutcome(extendLocks(connector(state(), 4), 'q', held, 30000).outcome)).toBe(
      '{:ok, ["S"]}',
    );
    expect(renderOutcome(extendLocks(connector(state(), 6), 'q', held, 30000).outcome)).toBe(
      '{:ok, ["S"]}',
    );
    const ro4 = state();
    expect(
      renderOutcome(extendLocks(connector(ro4.connect('ro'), 4), 'q', held, 30000).outcome),
    ).toBe('{:ok, ["S"]}');
    const ro6 = state();
    const r = extendLocks(connector(ro6.connect('ro'), 6), 'q', held, 30000);
    expect(r.sent).toEqual([['EMQ.EXTENDS', '2', ACTIVE, BASE, '30000', 'A', '1', 'S', '1']]);
    expect(renderOutcome(r.outcome)).toBe(
      '{:error, %Redix.Error{message: "NOPERM EMQ.EXTENDS this user has no permissions to write the job row emq:{q}:job:A"}}',
    );
  });

  test('extend_lock/5 maps the native refusals to the same reasons as the script’s', () => {
    for (const wire of [4, 6] as const) {
      expect(renderOutcome(extendLock(connector(state(), wire), 'q', 'A', 1, 30000).outcome)).toBe(
        ':ok',
      );
      expect(renderOutcome(extendLock(connector(state(), wire), 'q', 'S', 1, 30000).outcome)).toBe(
        '{:error, :stale}',
      );
      expect(renderOutcome(extendLock(connector(state(), wire), 'q', 'G', 1, 30000).outcome)).toBe(
        '{:error, :gone}',
      );
    }
    const r = extendLock(connector(state(), 6), 'q', 'A', 1, 30000);
    expect(r.sent).toEqual([['EMQ.EXTEND', '2', ACTIVE, row('A'), '30000', 'A', '1']]);
  });
});

describe('the native replies table', () => {
  test('fills the verb and the named values', () => {
    expect(nativeText('arg-count', 'EMQ.EXTENDS')).toBe(
      'ERR EMQ.EXTENDS wrong number of arguments',
    );
    expect(nativeText('noperm-row', 'EMQ.EXTEND', { access: 'read', key: 'k{x}' })).toBe(
      'NOPERM EMQ.EXTEND this user has no permissions to read the job row k{x}',
    );
  });
});
