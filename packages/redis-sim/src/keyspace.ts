import { utf8LongerThan } from './byte-order.ts';
import { MemoryMeter } from './memory.ts';
import { ListItems } from './list-items.ts';
import { SortedSet } from './sorted-set.ts';
import { SetValue } from './set-value.ts';
import type { Change } from './trace-types.ts';

/** A key's value, by its Redis type: a string, a hash, a sorted set or a list. */
export type Value =
  /**
   * `encoding` says how the string was made, which OBJECT ENCODING shows: absent for a value
   * Redis passes through `tryObjectEncoding` (SET and its kin: int, embstr or raw by its text),
   * `created` for one made by `createStringObject` (INCRBYFLOAT: embstr or raw by its length),
   * `raw` for one written in place (APPEND, SETRANGE); `int` and `embstr` for a copy (COPY),
   * which keeps its source's encoding but is never a shared object.
   */
  | { type: 'string'; value: string; encoding?: 'created' | 'raw' | 'int' | 'embstr' }
  /** `hashtable` once the hash has left its listpack (Redis 7.0 never converts back) */
  | { type: 'hash'; fields: Map<string, string>; hashtable?: boolean }
  | { type: 'zset'; zset: SortedSet }
  /** a ring buffer, so pushes and pops at either end cost the same on a list of any length */
  | { type: 'list'; items: ListItems }
  | { type: 'set'; set: SetValue };

/** A value's Redis type, as TYPE names it. */
export type ValueType = Value['type'];

/**
 * The keys and their values, with one rule Redis keeps everywhere: a hash,
 * sorted set or list that loses its last entry is removed.
 *
 * Hash and sorted-set writes go through the methods here, so each can be
 * journalled as a {@link Change} while a script runs; the stepper undoes a step
 * by applying its changes' `before` values. Hash fields keep insertion order,
 * as HGETALL lists a small (listpack) hash; a large hash's order on a real
 * server follows its hash table and is not modelled.
 */
export class Keyspace {
  private data = new Map<string, Value>();
  /**
   * Absolute expiry times in ms on the server's clock, for the keys that have one. A key
   * leaves this map whenever it leaves the keyspace, as Redis's expires dict follows its
   * main dict.
   */
  private expires = new Map<string, number>();
  /**
   * Each key's creation number, rising: SCAN's cursor is one, so a key present for the whole
   * iteration is never skipped however many keys are deleted or added meanwhile.
   */
  private born = new Map<string, number>();
  private births = 0;
  /** When set, hash and sorted-set writes are appended here. */
  journal: Change[] | null = null;
  /**
   * The used-memory estimate `maxmemory` is checked against (memory.ts). The dispatcher tells
   * it what each write command may add; what changes the keys outside a command (expiry, a
   * stepper's undo) is told here.
   */
  readonly memory = new MemoryMeter();
  /**
   * The state of the generator SPOP, SRANDMEMBER, RANDOMKEY, HRANDFIELD and ZRANDMEMBER draw
   * from: seeded the same in every keyspace and copied by {@link clone}, so a console replaying
   * its typed lines on a fork draws what it drew the first time. A real server's draws cannot be
   * reproduced at all; they are compared by membership and count.
   */
  private randomState = 0x9e3779b9;

  /** The next number in [0, 1) of the keyspace's generator (xorshift32). */
  random(): number {
    let x = this.randomState;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.randomState = x >>> 0;
    return this.randomState / 2 ** 32;
  }

  get(key: string): Value | undefined {
    return this.data.get(key);
  }

  has(key: string): boolean {
    return this.data.has(key);
  }

  keys(): string[] {
    return [...this.data.keys()];
  }

  get size(): number {
    return this.data.size;
  }

  /**
   * Stores a value as a whole. A hash's fields and a sorted set's members are journalled as
   * they arrive (COPY and RENAME store them whole); a string, list or set is not: a traced
   * call's key journal (tracing/key-journal.ts) reads those whole around the call.
   */
  put(key: string, value: Value): void {
    if (!this.data.has(key)) this.born.set(key, ++this.births);
    this.data.set(key, value);
    if (this.journal !== null) this.journalEntries(key, value, 'after');
  }

  /** `setKey`: `key` holds `value` now, whatever it held before, without a time to live. */
  replace(key: string, value: Value): void {
    this.delete(key);
    this.put(key, value);
  }

  /** The key's creation number (see SCAN), or undefined when it is absent. */
  bornAt(key: string): number | undefined {
    return this.born.get(key);
  }

  /** The key's expiry time in ms, or undefined when it has none. */
  expireAt(key: string): number | undefined {
    return this.expires.get(key);
  }

  /** Gives an existing key an absolute expiry time in ms. */
  setExpire(key: string, at: number): void {
    if (this.data.has(key)) this.expires.set(key, at);
  }

  /** Removes a key's expiry; answers whether it had one. */
  persist(key: string): boolean {
    return this.expires.delete(key);
  }

  /** Whether any key has an expiry (so a caller can skip reading the clock when none does). */
  get hasExpiries(): boolean {
    return this.expires.size > 0;
  }

  /** The keys that have an expiry, with its time, in the order they got it. */
  expiring(): Array<[key: string, at: number]> {
    return [...this.expires];
  }

  /**
   * Removes every key whose time has passed by `now`. The server runs this before each
   * top-level command, so a command never sees an expired key: Redis reaches the same
   * replies by expiring lazily on access plus its active cycle (only DBSIZE could count a
   * key a real server has not reclaimed yet). A key whose time is exactly `now` stays, as
   * 7.0's keyIsExpired asks `now > when` (it reads PTTL 0).
   */
  purgeExpired(now: number): string[] {
    const gone: string[] = [];
    for (const [key, at] of this.expires) if (at < now) gone.push(key);
    for (const key of gone) this.delete(key);
    if (gone.length > 0) this.memory.changed();
    return gone;
  }

  delete(key: string): boolean {
    const v = this.data.get(key);
    if (!v) return false;
    this.expires.delete(key);
    this.born.delete(key);
    if (this.journal !== null) this.journalEntries(key, v, 'before');
    return this.data.delete(key);
  }

  clear(): void {
    for (const key of [...this.data.keys()]) this.delete(key);
  }

  /** Sets a hash field, creating the hash. The caller has checked the type. Answers true when the field is new. */
  hset(key: string, field: string, value: string): boolean {
    let v = this.data.get(key);
    if (!v) {
      v = { type: 'hash', fields: new Map() };
      this.put(key, v);
    }
    if (v.type !== 'hash') throw new Error(`hset on a ${v.type}`);
    const before = v.fields.get(field) ?? null;
    v.fields.set(field, value);
    if (!v.hashtable && hashOutgrowsListpack(v.fields.size, field, value)) v.hashtable = true;
    if (this.journal !== null) this.record({ kind: 'hash', key, field, before, after: value });
    return before === null;
  }

  hdel(key: string, field: string): boolean {
    const v = this.data.get(key);
    if (!v || v.type !== 'hash') return false;
    const before = v.fields.get(field);
    if (before === undefined) return false;
    v.fields.delete(field);
    if (v.fields.size === 0) this.drop(key);
    this.record({ kind: 'hash', key, field, before, after: null });
    return true;
  }

  /**
   * Sets a member's score, creating the set sized for a ZADD of `pairs`
   * members whose longest member is `longest` bytes.
   */
  zset(key: string, member: string, score: number, pairs = 1, longest = 0): void {
    let v = this.data.get(key);
    if (!v) {
      v = { type: 'zset', zset: SortedSet.create(pairs, longest) };
      this.put(key, v);
    }
    if (v.type !== 'zset') throw new Error(`zadd on a ${v.type}`);
    this.zsetOn(v.zset, key, member, score, v.zset.score(member));
  }

  /**
   * {@link zset} on the set stored at `key`, which the caller has just read, with the member's
   * `current` score it read there (undefined when absent), as ZADD has them: the same write and
   * journal entry without looking the key or the member up again.
   */
  zsetOn(z: SortedSet, key: string, member: string, score: number, current: number | undefined) {
    // only a journalled write reads the score it left (a batch's ZADDs are not journalled)
    if (this.journal === null) {
      z.write(member, score, current);
      return;
    }
    z.write(member, score, current);
    this.record({
      kind: 'zset',
      key,
      member,
      before: current ?? null,
      after: z.score(member) ?? null,
    });
  }

  zrem(key: string, member: string): boolean {
    const v = this.data.get(key);
    if (!v || v.type !== 'zset') return false;
    const before = v.zset.score(member);
    if (before === undefined) return false;
    v.zset.delete(member);
    if (v.zset.size === 0) this.drop(key);
    this.record({ kind: 'zset', key, member, before, after: null });
    return true;
  }

  /**
   * Applies a change's `before` (undo) or `after` (redo) value. Used by a
   * stepper moving through a trace; not a Redis command.
   */
  apply(change: Change, direction: 'before' | 'after'): void {
    // a step undone or redone is no command, so no bound covers what it changes
    this.memory.changed();
    const value = change[direction];
    if (change.kind === 'string') {
      if (change[direction] === null) this.drop(change.key);
      else {
        const at = this.expires.get(change.key);
        this.put(change.key, { type: 'string', value: change[direction] });
        if (at !== undefined) this.expires.set(change.key, at);
      }
      return;
    }
    if (change.kind === 'expiry') {
      const at = change[direction];
      if (at === null) this.expires.delete(change.key);
      else this.setExpire(change.key, at);
      return;
    }
    if (change.kind === 'list') {
      if (change[direction] === null) this.drop(change.key);
      else this.put(change.key, { type: 'list', items: ListItems.of(change[direction]) });
      return;
    }
    if (change.kind === 'set') {
      const members = change[direction];
      if (members === null) this.drop(change.key);
      else this.put(change.key, { type: 'set', set: SetValue.of(members) });
      return;
    }
    if (change.kind === 'hash') {
      if (value === null) this.hdel(change.key, change.field);
      else this.hset(change.key, change.field, value as string);
    } else if (value === null) {
      this.zrem(change.key, change.member);
    } else {
      this.zset(change.key, change.member, value as number);
    }
  }

  clone(): Keyspace {
    const copy = new Keyspace();
    for (const [key, v] of this.data) copy.data.set(key, cloneValue(v));
    copy.expires = new Map(this.expires);
    copy.born = new Map(this.born);
    copy.births = this.births;
    copy.randomState = this.randomState;
    return copy;
  }

  /** Removes an emptied collection without journalling its (already journalled) entries. */
  private drop(key: string): void {
    this.data.delete(key);
    this.expires.delete(key);
    this.born.delete(key);
  }

  /** Journals a hash's fields or a sorted set's members as arriving (`after`) or leaving (`before`). */
  private journalEntries(key: string, v: Value, side: 'before' | 'after'): void {
    const entry = <T>(x: T) =>
      side === 'after' ? { before: null, after: x } : { before: x, after: null };
    if (v.type === 'hash') {
      for (const [field, value] of v.fields)
        this.record({ kind: 'hash', key, field, ...entry(value) });
    } else if (v.type === 'zset') {
      for (const member of v.zset.members()) {
        this.record({ kind: 'zset', key, member, ...entry(v.zset.score(member) ?? null) });
      }
    }
  }

  private record(change: Change): void {
    this.journal?.push(change);
  }
}

/**
 * Redis 7.0's hash-max-listpack-entries: the most fields a listpack (small) hash holds. Its
 * default is 512 (zset-max-listpack-entries is the one of 128), as CONFIG GET shows on 7.0.15.
 */
export const HASH_LISTPACK_ENTRIES = 512;
/** Redis 7.0's hash-max-listpack-value: the longest field or value, in bytes, a listpack hash holds. */
export const HASH_LISTPACK_VALUE = 64;

/** `hashTypeSet`'s test: a hash of `size` fields just given `field` = `value` leaves its listpack. */
export function hashOutgrowsListpack(size: number, field: string, value: string): boolean {
  return (
    size > HASH_LISTPACK_ENTRIES ||
    utf8LongerThan(field, HASH_LISTPACK_VALUE) ||
    utf8LongerThan(value, HASH_LISTPACK_VALUE)
  );
}

/** A copy of a value that shares nothing with it, in the same encoding. */
export function cloneValue(v: Value): Value {
  switch (v.type) {
    case 'string':
      return { ...v };
    case 'hash':
      return { type: 'hash', fields: new Map(v.fields), hashtable: v.hashtable };
    case 'zset':
      return { type: 'zset', zset: v.zset.clone() };
    case 'list':
      return { type: 'list', items: v.items.clone() };
    case 'set':
      return { type: 'set', set: v.set.clone() };
  }
}
