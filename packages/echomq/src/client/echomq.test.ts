import { describe, expect, test } from 'vitest';
import { createServer, type SimServer } from '@batch-lease/redis-sim';
import { BATCH_SHA, SINGLE_SHA } from '../scripts/lesson-scripts.ts';
import { BATCH_SOURCE } from '../scripts/lua-source.ts';
import { connector } from './connector.ts';
import { extendLock } from './extend-lock.ts';
import { extendLocks } from './extend-locks.ts';
import { JOB_ID_MAX_BYTES, jobIdProblem, jobKey, queueKey } from './keyspace.ts';
import { renderOutcome } from './outcome.ts';
import { RaisedError } from './raised.ts';
import { inspectBinary, renderTerm } from './terms.ts';
import { echomqModule } from '../module.ts';

const NOW = 1_700_000_000_000;
const ACTIVE = 'emq:{q}:active';

function scenario(native = true): SimServer {
  const s = createServer({ now: () => NOW, modules: [echomqModule({ native })] });
  s.call(['HSET', 'emq:{q}:job:JOB0KHTOWnGLuA', 'attempts', '1']);
  s.call(['ZADD', ACTIVE, '100', 'JOB0KHTOWnGLuA']);
  s.call(['HSET', 'emq:{q}:job:STALE', 'attempts', '2']);
  s.call(['ZADD', ACTIVE, '100', 'STALE']);
  s.call(['ZADD', ACTIVE, '100', 'GONE']);
  s.call(['HSET', 'emq:{q}:job:REAPED', 'attempts', '1']);
  s.call(['RPUSH', 'emq:{q}:pending', 'REAPED']);
  s.call(['SET', 'emq:{q}:job:WRONG', 'x']);
  return s;
}

describe('Keyspace.job_key: the id gate', () => {
  test('builds the row key on the queue hashtag', () => {
    expect(jobKey('q', 'JOB1')).toBe('emq:{q}:job:JOB1');
    expect(queueKey('q', 'active')).toBe('emq:{q}:active');
    expect(queueKey('q', '')).toBe('emq:{q}:');
  });

  test.each([
    ['', 'an id must not be empty'],
    ['a{b', 'brace'],
    ['a}b', 'brace'],
    ['a b', 'whitespace'],
    ['a\tb', 'whitespace'],
    ['a\u00a0b', 'whitespace'],
    ['a\u0000b', 'control'],
    ['a\u0007b', 'control'],
    ['a\u007fb', 'control'],
    ['x'.repeat(JOB_ID_MAX_BYTES + 1), 'at most'],
    ['é'.repeat(65), 'at most'],
  ])('refuses %j', (id, why) => {
    expect(jobIdProblem(id)).toContain(why === 'brace' ? '{ or }' : why);
    expect(() => jobKey('q', id)).toThrow(RaisedError);
  });

  test.each(['JOB0KHTOWnGLuA', 'x'.repeat(JOB_ID_MAX_BYTES), 'é'.repeat(64), 'a:b-c_d.e', '01'])(
    'accepts %j',
    (id) => {
      expect(jobIdProblem(id)).toBeNull();
    },
  );

  test('the raise reads like an Elixir ArgumentError, with the id inspected', () => {
    try {
      jobKey('q', 'a b');
      expect.unreachable();
    } catch (e) {
      expect((e as RaisedError).render()).toBe(
        '** (ArgumentError) invalid job id "a b": an id must not contain whitespace',
      );
    }
  });
});

describe('extend_locks/4', () => {
  test('answers {:ok, failed} and sends EVALSHA with the lease first and tokens as decimals', () => {
    const s = scenario();
    const c = connector(s);
    const held = [
      ['JOB0KHTOWnGLuA', 1],
      ['STALE', 1],
      ['GONE', 1n],
      ['REAPED', 1],
    ] as const;
    const r = extendLocks(c, 'q', held, 30000);
    expect(r.outcome).toEqual({ kind: 'ok-failed', failed: ['STALE', 'GONE', 'REAPED'] });
    expect(renderOutcome(r.outcome)).toBe('{:ok, ["STALE", "GONE", "REAPED"]}');
    // the first EVALSHA met NOSCRIPT, so the connector loaded the script and retried
    expect(r.sent.map((a) => a[0])).toEqual(['EVALSHA', 'SCRIPT', 'EVALSHA']);
    expect(r.sent[2]).toEqual([
      'EVALSHA',
      BATCH_SHA,
      '2',
      ACTIVE,
      'emq:{q}:',
      '30000',
      ...['JOB0KHTOWnGLuA', '1', 'STALE', '1', 'GONE', '1', 'REAPED', '1'],
    ]);
    expect(s.call(['ZSCORE', ACTIVE, 'JOB0KHTOWnGLuA'])).toBe(String(NOW + 30000));
    // loaded now: the next call is one EVALSHA
    expect(extendLocks(c, 'q', [], 5).sent).toHaveLength(1);
  });

  test('an empty batch answers {:ok, []}', () => {
    const r = extendLocks(connector(scenario()), 'q', [], 1);
    expect(renderOutcome(r.outcome)).toBe('{:ok, []}');
  });

  test('a big token travels as its exact decimal', () => {
    const s = scenario();
    const r = extendLocks(connector(s), 'q', [['STALE', 12345678901234567890n]], 1);
    expect(r.sent.at(-1)?.at(-1)).toBe('12345678901234567890');
  });

  test.each([
    ['a lease of 0', [], 0],
    ['a negative lease', [], -5],
    ['a fractional lease', [], 1.5],
    ['a lease given as text', [], '30000'],
    ['held that is not a list', 'JOB1', 30000],
  ])('the guard refuses %s, sending nothing', (_what, held, lease) => {
    const r = extendLocks(connector(scenario()), 'q', held as never, lease as never);
    expect(r.sent).toEqual([]);
    expect(renderOutcome(r.outcome)).toBe(
      '** (FunctionClauseError) no function clause matching in EchoMQ.Jobs.extend_locks/4',
    );
  });

  test('every id is gated before anything is sent, even after good ones', () => {
    const s = scenario();
    const r = extendLocks(
      connector(s),
      'q',
      [
        ['JOB0KHTOWnGLuA', 1],
        ['bad{id}', 1],
      ],
      30000,
    );
    expect(r.sent).toEqual([]);
    expect(renderOutcome(r.outcome)).toMatch(/^\*\* \(ArgumentError\) invalid job id "bad\{id\}"/);
    expect(s.call(['ZSCORE', ACTIVE, 'JOB0KHTOWnGLuA'])).toBe('100');
  });

  test('a non-integer token raises as Integer.to_string/1 does, after the gate', () => {
    const r = extendLocks(connector(scenario()), 'q', [['A', 1.5 as never]], 30000);
    expect(r.sent).toEqual([]);
    expect(renderOutcome(r.outcome)).toBe(
      '** (ArgumentError) errors were found at the given arguments:\n\n  * 1st argument: not an integer\n',
    );
  });

  test('a pair that is not a 2-tuple fails the anonymous fn clause', () => {
    const r = extendLocks(connector(scenario()), 'q', [['A']] as never, 30000);
    expect(renderOutcome(r.outcome)).toBe(
      '** (FunctionClauseError) no function clause matching in anonymous fn/1 in EchoMQ.Jobs.extend_locks/4',
    );
  });

  test('a server error passes through as an error term, keeping the ZADDs made', () => {
    const s = scenario();
    const r = extendLocks(
      connector(s),
      'q',
      [
        ['JOB0KHTOWnGLuA', 1],
        ['WRONG', 1],
      ],
      30000,
    );
    expect(r.outcome.kind).toBe('server-error');
    expect(renderOutcome(r.outcome)).toBe(
      `{:error, %Redix.Error{message: "WRONGTYPE Operation against a key holding the wrong kind of value script: ${BATCH_SHA}, on @user_script:17."}}`,
    );
    expect(s.call(['ZSCORE', ACTIVE, 'JOB0KHTOWnGLuA'])).toBe(String(NOW + 30000));
  });

  test('wire 6 sends the native command with the same keys and arguments', () => {
    const s = scenario(false);
    const r = extendLocks(connector(s, 6), 'q', [['JOB0KHTOWnGLuA', 1]], 30000);
    expect(r.sent).toEqual([
      ['EMQ.EXTENDS', '2', ACTIVE, 'emq:{q}:', '30000', 'JOB0KHTOWnGLuA', '1'],
    ]);
    // this server was started without the native module, so it answers as such a node does
    expect(r.outcome).toEqual({
      kind: 'server-error',
      message:
        "ERR unknown command 'EMQ.EXTENDS', with args beginning with: '2' 'emq:{q}:active' 'emq:{q}:' '30000' 'JOB0KHTOWnGLuA' '1' ",
    });
  });

  test('a script already loaded is not loaded again', () => {
    const s = scenario();
    s.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
    expect(extendLocks(connector(s), 'q', [['STALE', 1]], 1).sent).toHaveLength(1);
  });
});

describe('extend_lock/5', () => {
  test.each([
    ['JOB0KHTOWnGLuA', 1, ':ok'],
    ['STALE', 1, '{:error, :stale}'],
    ['GONE', 1, '{:error, :gone}'],
    ['NOPE', 1, '{:error, :gone}'],
    ['REAPED', 1, '{:error, :not_active}'],
  ])('%s token %i → %s', (id, token, rendered) => {
    const s = scenario();
    const r = extendLock(connector(s), 'q', id, token, 30000);
    expect(renderOutcome(r.outcome)).toBe(rendered);
    expect(r.sent.at(-1)).toEqual([
      'EVALSHA',
      SINGLE_SHA,
      '2',
      ACTIVE,
      `emq:{q}:job:${id}`,
      '30000',
      id,
      String(token),
    ]);
  });

  test('a WRONGTYPE row passes through as an error term', () => {
    const r = extendLock(connector(scenario()), 'q', 'WRONG', 1, 30000);
    expect(r.outcome).toEqual({
      kind: 'server-error',
      message: `WRONGTYPE Operation against a key holding the wrong kind of value script: ${SINGLE_SHA}, on @user_script:11.`,
    });
  });

  test.each([
    ['a zero lease', 'A', 1, 0],
    ['a fractional token', 'A', 1.5, 1],
    ['a non-binary id', 7, 1, 1],
  ])('the guard refuses %s', (_what, id, token, lease) => {
    const r = extendLock(connector(scenario()), 'q', id as never, token, lease);
    expect(r.sent).toEqual([]);
    expect(renderOutcome(r.outcome)).toBe(
      '** (FunctionClauseError) no function clause matching in EchoMQ.Jobs.extend_lock/5',
    );
  });

  test('the gate refuses an ill-formed id before anything is sent', () => {
    const r = extendLock(connector(scenario()), 'q', 'a\nb', 1, 1);
    expect(r.sent).toEqual([]);
    expect(renderOutcome(r.outcome)).toBe(
      '** (ArgumentError) invalid job id "a\\nb": an id must not contain whitespace',
    );
  });
});

describe('Elixir rendering', () => {
  test('terms', () => {
    expect(renderTerm({ tuple: [{ atom: 'ok' }, ['JOB1', 'JOB2']] })).toBe(
      '{:ok, ["JOB1", "JOB2"]}',
    );
    expect(renderTerm([1, null, 2n])).toBe('[1, nil, 2]');
  });
  test('binaries are inspected as Elixir does', () => {
    expect(inspectBinary('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(inspectBinary('#{x}')).toBe('"\\#{x}"');
    expect(inspectBinary('a\u0000b')).toBe('<<97, 0, 98>>');
    expect(inspectBinary('é')).toBe('"é"');
  });
  // IEx prints with Inspect.Opts' defaults (Elixir 1.18): limit 50, printable_limit 4096
  test('IEx cuts a long list at its limit, each item given what is left of it', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `J${i + 1}`);
    const first = (n: number) => ids.slice(0, n).map((id) => `"${id}"`);
    expect(renderOutcome({ kind: 'ok-failed', failed: ids })).toBe(
      `{:ok, [${[...first(48), '...'].join(', ')}]}`,
    );
    expect(renderTerm(ids.slice(0, 50))).toBe(`[${first(50).join(', ')}]`);
    expect(renderTerm(ids.slice(0, 51))).toBe(`[${[...first(50), '...'].join(', ')}]`);
    // a nested list has the limit less the items before it
    expect(renderTerm([1, [1, 2, 3, 4]], { limit: 4, printableLimit: 4096 })).toBe(
      '[1, [1, 2, ...]]',
    );
    expect(renderTerm({ tuple: [1, 2, 3] }, { limit: 2, printableLimit: 4096 })).toBe(
      '{1, 2, ...}',
    );
  });
  test('IEx cuts a printable string at 4,096 characters and a byte list at its limit', () => {
    const x = 'x'.repeat(5000);
    expect(renderTerm(x)).toBe(`"${'x'.repeat(4096)}" <> ...`);
    expect(renderTerm(x.slice(0, 4096))).toBe(`"${'x'.repeat(4096)}"`);
    // `#{` is one character; a character past U+FFFF is one too
    expect(renderTerm('#{'.repeat(4097))).toBe(`"${'\\#{'.repeat(4096)}" <> ...`);
    expect(renderTerm('😀'.repeat(4097))).toBe(`"${'😀'.repeat(4096)}" <> ...`);
    // only the printed characters are judged: a NUL past them leaves it a string
    expect(renderTerm(`${x}\u0000`)).toBe(`"${'x'.repeat(4096)}" <> ...`);
    const bytes = `\u0000${'a'.repeat(100)}`;
    expect(renderTerm(bytes)).toBe(`<<0, ${Array(49).fill(97).join(', ')}, ...>>`);
    expect(renderTerm(bytes.slice(0, 50))).toBe(`<<0, ${Array(49).fill(97).join(', ')}>>`);
    expect(renderOutcome({ kind: 'server-error', message: x })).toBe(
      `{:error, %Redix.Error{message: "${'x'.repeat(4096)}" <> ...}}`,
    );
  });
  test('a binary keeps its plain runs whole between escapes, at either end too', () => {
    expect(inspectBinary('\nab\tc\n')).toBe('"\\nab\\tc\\n"');
    expect(inspectBinary('a#b#{')).toBe('"a#b\\#{"');
    expect(inspectBinary('""')).toBe('"\\"\\""');
    const mb = 'x'.repeat(1_000_000);
    expect(inspectBinary(`${mb}"${mb}`)).toBe(`"${mb}\\"${mb}"`);
  });
});
