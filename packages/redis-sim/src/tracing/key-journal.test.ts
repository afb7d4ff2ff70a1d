import { describe, expect, it, vi } from 'vitest';
import { createServer } from '../create-server.ts';
import { dumpKeyspace } from '../dump.ts';
import { Keyspace } from '../keyspace.ts';

/** A traced EVAL on a fresh server holding a hash `h`, with how often a key's expiry was read. */
function traced(script: string) {
  const server = createServer({ now: () => 1_000 });
  server.call(['HSET', 'h', 'f', '1']);
  server.call(['RPUSH', 'l', 'a']);
  const expiryReads = vi.spyOn(Keyspace.prototype, 'expireAt');
  try {
    const { steps, reply } = server.trace(['EVAL', script, '3', 'h', 's', 'l']);
    return {
      changes: steps.flatMap((s) => s.changes),
      reply,
      reads: expiryReads.mock.calls.length,
    };
  } finally {
    expiryReads.mockRestore();
  }
}

describe('the key journal around a traced script’s calls', () => {
  it('tells the strings, lists and expiries a writing call changed', () => {
    const { changes, reply } = traced(
      "redis.call('SET', KEYS[2], 'v') redis.call('PEXPIRE', KEYS[2], 500) redis.call('RPUSH', KEYS[3], 'b') return 1",
    );
    expect(reply).toBe(1);
    expect(changes).toEqual([
      { kind: 'string', key: 's', before: null, after: 'v' },
      { kind: 'expiry', key: 's', before: null, after: 1_500 },
      { kind: 'list', key: 'l', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('does not read around a read-only call: it cannot change a key inside a script', () => {
    const { changes, reply, reads } = traced(
      "return {redis.call('HGET', KEYS[1], 'f'), redis.call('LRANGE', KEYS[3], 0, -1)}",
    );
    expect(reply).toEqual(['1', ['a']]);
    expect(changes).toEqual([]);
    expect(reads).toBe(0);
  });

  it('lets a stepper rebuild keys a command stores whole: RENAME and COPY of a hash and a sorted set', () => {
    const server = createServer({ now: () => 1_000 });
    server.call(['HSET', 'h', 'f', '1', 'g', '2']);
    server.call(['ZADD', 'z', '1', 'a', '2', 'b']);
    server.call(['HSET', 'old', 'x', 'y']);
    const view = server.keyspace.clone();
    const { steps, reply } = server.trace([
      'EVAL',
      "redis.call('RENAME', 'h', 'old') redis.call('COPY', 'z', 'y') redis.call('RENAME', 'z', 'w') return 1",
      '0',
    ]);
    expect(reply).toBe(1);
    // what the stepper shows after the last step: the keyspace before, with every change applied
    for (const change of steps.flatMap((s) => s.changes)) view.apply(change, 'after');
    expect(dumpKeyspace(view)).toEqual(dumpKeyspace(server.keyspace));
  });
});
