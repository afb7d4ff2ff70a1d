import { describe, expect, test } from 'vitest';
import { dumpKeyspace } from './dump.ts';
import { createServer } from './create-server.ts';

describe('the server seam', () => {
  test('commands are case-insensitive and answer synchronously', () => {
    const s = createServer({ now: () => 0 });
    expect(s.call(['hSeT', 'h', 'f', 'v'])).toBe(1);
    expect(s.call(['HGET', 'h', 'f'])).toBe('v');
    expect(s.call(['ping'])).toEqual({ status: 'PONG' });
  });

  test('snapshot and restore bring the keyspace and scripts back', () => {
    const s = createServer({ now: () => 0 });
    s.call(['ZADD', 'z', '1', 'a']);
    const snap = s.snapshot();
    s.call(['ZADD', 'z', '2', 'b']);
    s.call(['SCRIPT', 'LOAD', 'return 1']);
    s.restore(snap);
    expect(s.call(['ZRANGE', 'z', '0', '-1', 'WITHSCORES'])).toEqual(['a', '1']);
    expect(s.call(['SCRIPT', 'EXISTS', 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db'])).toEqual([0]);
    // the snapshot stays usable after a restore
    s.call(['DEL', 'z']);
    s.restore(snap);
    expect(s.call(['ZCARD', 'z'])).toBe(1);
  });

  test('clone is independent', () => {
    const s = createServer({ now: () => 0, runId: 'a'.repeat(40) });
    s.call(['RPUSH', 'l', 'x']);
    const c = s.clone();
    c.call(['RPUSH', 'l', 'y']);
    expect(s.call(['LRANGE', 'l', '0', '-1'])).toEqual(['x']);
    expect(c.call(['LRANGE', 'l', '0', '-1'])).toEqual(['x', 'y']);
    expect(c.runId).toBe('a'.repeat(40));
  });

  test('a command can be registered on one server, and an access check can refuse', () => {
    const s = createServer();
    s.commands.register({
      name: 'my.hello',
      arity: 2,
      flags: ['readonly'],
      run: (_c, a) => `hi ${a[1]}`,
    });
    expect(s.call(['MY.HELLO', 'x'])).toBe('hi x');
    expect(s.call(['my.hello'])).toEqual({
      error: "ERR wrong number of arguments for 'my.hello' command",
    });
    expect(createServer().call(['MY.HELLO', 'x'])).toHaveProperty('error');
    const conn = s.connect('reader');
    s.authorize = ({ conn: c, spec }) =>
      c.user === 'reader' && spec.flags.includes('write') ? { error: 'NOPERM no writes' } : null;
    expect(conn.call(['SET', 'k', 'v'])).toEqual({ error: 'NOPERM no writes' });
    expect(s.call(['SET', 'k', 'v'])).toEqual({ status: 'OK' });
  });

  test('key refs come from the table', () => {
    const s = createServer();
    const found = s.commands.lookup(['EVALSHA', 'x', '2', 'a', 'b', 'c']);
    expect('spec' in found && found.spec.keys?.(['EVALSHA', 'x', '2', 'a', 'b', 'c'])).toEqual([
      { index: 3, flags: ['RW', 'access', 'update'] },
      { index: 4, flags: ['RW', 'access', 'update'] },
    ]);
  });
});

describe('the keyspace journal', () => {
  test('hash and sorted-set writes are journalled, and apply undoes and redoes them', () => {
    const s = createServer();
    s.call(['HSET', 'h', 'a', '1']);
    const before = dumpKeyspace(s.keyspace);
    s.keyspace.journal = [];
    s.call(['HSET', 'h', 'a', '2', 'b', '3']);
    s.call(['ZADD', 'z', '5', 'm']);
    s.call(['DEL', 'h']);
    const changes = s.keyspace.journal;
    s.keyspace.journal = null;
    expect(changes).toEqual([
      { kind: 'hash', key: 'h', field: 'a', before: '1', after: '2' },
      { kind: 'hash', key: 'h', field: 'b', before: null, after: '3' },
      { kind: 'zset', key: 'z', member: 'm', before: null, after: 5 },
      { kind: 'hash', key: 'h', field: 'a', before: '2', after: null },
      { kind: 'hash', key: 'h', field: 'b', before: '3', after: null },
    ]);
    const after = dumpKeyspace(s.keyspace);
    for (const c of [...changes].reverse()) s.keyspace.apply(c, 'before');
    expect(dumpKeyspace(s.keyspace)).toEqual(before);
    for (const c of changes) s.keyspace.apply(c, 'after');
    expect(dumpKeyspace(s.keyspace)).toEqual(after);
  });
});
