/**
 * WATCH's bookkeeping (multi.c): which keys each connection watches, and which of them a
 * command has touched since, so that connection's EXEC answers a nil array. A key is touched
 * as signalModifiedKey touches it: when a write command changes it (its value or its time to
 * live), when one of the commands that signal even without a change ran on it (SET of the
 * same value, HSET, INCRBY 0, an EXPIRE that answered 1), when FLUSHALL empties it, and when
 * it expires. Nothing is looked at while no connection watches a key.
 */
import type { CommandSpec, WatchRegistry } from './commands/types.ts';
import type { Connection } from './connection.ts';
import { dumpValue } from './dump.ts';
import { isError } from './errors.ts';
import type { Keyspace } from './keyspace.ts';
import type { Reply } from './trace-types.ts';

/** Write commands that signal a key modified whenever they succeed, changed or not. */
const SIGNAL_ALWAYS = new Set([
  'set',
  'setex',
  'psetex',
  'getset',
  'mset',
  'incr',
  'decr',
  'incrby',
  'decrby',
  'incrbyfloat',
  'append',
  'hset',
  'hmset',
  'hincrby',
  'hincrbyfloat',
  'lset',
  'ltrim',
  'setrange',
]);
/** Commands that signal both their keys whenever they move an element (a rotation included). */
const SIGNAL_ON_MOVE = new Set(['lmove', 'rpoplpush', 'blmove', 'brpoplpush']);
/** Commands that signal only when they answer 1 (a time to live set or removed). */
const SIGNAL_ON_ONE = new Set(['expire', 'pexpire', 'expireat', 'pexpireat', 'persist']);
/**
 * Commands that store a computed value at their destination (the key they write, flagged OW)
 * with setKey, which signals it whenever the value stored is not empty, the same or not; an
 * empty one deletes the destination, which signals only when it existed (a change of state).
 */
const SIGNAL_STORE = new Set([
  'zunionstore',
  'zinterstore',
  'zdiffstore',
  'zrangestore',
  'sort',
  'sinterstore',
  'sunionstore',
  'sdiffstore',
]);
/** Commands that empty the whole keyspace (touchAllWatchedKeysInDb: keys that existed). */
const FLUSHES = new Set(['flushall', 'flushdb']);

/**
 * A key's value and time to live as text, to tell whether a command changed it: what a client
 * can read of it (dump.ts), so a read that fills a value's cache (an intset's sorted members,
 * a sorted set's settled order) is no change.
 */
function stateOf(ks: Keyspace, key: string): string {
  const v = ks.get(key);
  if (v === undefined) return '';
  return JSON.stringify([ks.expireAt(key) ?? null, dumpValue(v)]);
}

/** The watched keys of every connection that watches some. */
export class Watches implements WatchRegistry {
  private readonly byConn = new Map<Connection, { keys: Set<string>; dirty: boolean }>();

  /** WATCH key…: no point in watching more once the connection's EXEC is doomed. */
  watch(conn: Connection, keys: readonly string[]): void {
    let w = this.byConn.get(conn);
    if (w === undefined) {
      w = { keys: new Set(), dirty: false };
      this.byConn.set(conn, w);
    }
    if (w.dirty) return;
    for (const k of keys) w.keys.add(k);
  }

  /** UNWATCH, EXEC, DISCARD: forgets the connection's keys; answers whether one was touched. */
  unwatch(conn: Connection): boolean {
    const w = this.byConn.get(conn);
    this.byConn.delete(conn);
    return w?.dirty ?? false;
  }

  /** Touches `keys` for every connection watching one of them. */
  touch(keys: Iterable<string>): void {
    if (this.byConn.size === 0) return;
    for (const k of keys) {
      for (const w of this.byConn.values()) if (w.keys.has(k)) w.dirty = true;
    }
  }

  /** How many connections watch keys. */
  get size(): number {
    return this.byConn.size;
  }

  /** Whether any connection watches `key`. */
  private watched(key: string): boolean {
    for (const w of this.byConn.values()) if (w.keys.has(key)) return true;
    return false;
  }

  /**
   * Runs a command and touches the watched keys it modified. Only write commands can; their
   * watched keys' states are read before and after (nothing is read when none is watched).
   */
  run(spec: CommandSpec, args: readonly string[], ks: Keyspace, body: () => Reply): Reply {
    if (this.byConn.size === 0 || !spec.flags.includes('write')) return body();
    if (FLUSHES.has(spec.name)) {
      const existed = ks.keys().filter((k) => this.watched(k));
      const reply = body();
      if (!isError(reply)) this.touch(existed);
      return reply;
    }
    const refs = (spec.keys?.(args) ?? []).filter((r) => this.watched(args[r.index] ?? ''));
    if (refs.length === 0) return body();
    const keys = refs.map((r) => args[r.index] ?? '');
    const before = keys.map((k) => stateOf(ks, k));
    const reply = body();
    const signals =
      !isError(reply) &&
      ((SIGNAL_ALWAYS.has(spec.name) && reply !== null) ||
        (SIGNAL_ON_ONE.has(spec.name) && reply === 1) ||
        (SIGNAL_ON_MOVE.has(spec.name) && typeof reply === 'string'));
    const stored = SIGNAL_STORE.has(spec.name) && typeof reply === 'number' && reply > 0;
    // a key that is not there before or after was never signalled (LTRIM or SETRANGE of a
    // missing key answers without a write)
    this.touch(
      keys.filter((k, i) => {
        const after = stateOf(ks, k);
        return (
          (signals && (before[i] !== '' || after !== '')) ||
          (stored && refs[i]!.flags.includes('OW')) ||
          after !== before[i]
        );
      }),
    );
    return reply;
  }
}
