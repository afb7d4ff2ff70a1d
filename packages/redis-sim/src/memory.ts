/**
 * The keyspace's used memory, as the simulator estimates it for `maxmemory`: what a Redis 7.0
 * server would roughly allocate for each key (its dict entry, key name, object header and
 * value in its encoding) plus what a fresh server uses before it holds a key. It is an
 * estimate, not jemalloc's bytes: lengths are counted in the strings' code units, and each
 * encoding's overhead is a round figure. It is stable (the same keyspace always measures the
 * same) and monotonic (a key or an element more never measures less), which is what a limit
 * needs; the differential suite compares the OOM answers only where both sides are clearly
 * over or under the limit.
 *
 * Keeping the check cheap: measuring walks every value, so it is done only when it matters.
 * Each write command adds an upper bound of what it may have grown (`pending`, from its
 * arguments) to the last measurement, and while that sum is under the limit nothing is walked;
 * once it reaches the limit the keyspace is measured again, and the answer is always the
 * measured figure. A keyspace far from its limit is walked once per that much growth.
 */

/**
 * What the estimate reads of a value: keyspace.ts's `Value` has this shape (named here, not
 * imported, since the keyspace holds a meter).
 */
export type MeasuredValue =
  | { type: 'string'; value: string }
  | { type: 'list'; items: Iterable<string> & { readonly length: number } }
  | { type: 'hash'; fields: ReadonlyMap<string, string>; hashtable?: boolean }
  | { type: 'set'; set: MeasuredMembers & { encoding: 'intset' | 'hashtable' } }
  | { type: 'zset'; zset: MeasuredMembers & { listpack: boolean } };

/** A set's or sorted set's size and its members' lengths summed. */
interface MeasuredMembers {
  readonly size: number;
  memberBytes(): number;
}

/** What a fresh redis-server 7.0.15 reports as `used_memory` before it holds a key (INFO memory). */
export const EMPTY_SERVER_BYTES = 914_616;

/** Bytes a key costs besides its value: its dict entry, its name's sds and its object header. */
const KEY_BYTES = 56;
/** Bytes an expiry adds: an entry in the expires dict and its time. */
const EXPIRY_BYTES = 32;

/** The estimated bytes of one value, in its encoding (lengths in code units). */
export function valueBytes(v: MeasuredValue): number {
  switch (v.type) {
    case 'string':
      return 16 + v.value.length;
    case 'list': {
      // a quicklist of listpacks: a few bytes of header per entry, a node per 128 entries
      let n = 40 + Math.ceil(v.items.length / 128) * 32;
      for (const item of v.items) n += item.length + 3;
      return n;
    }
    case 'hash': {
      const per = v.hashtable ? 56 : 4;
      let n = v.hashtable ? 96 : 32;
      for (const [field, value] of v.fields) n += field.length + value.length + per;
      return n;
    }
    case 'set':
      return v.set.encoding === 'intset'
        ? 16 + 8 * v.set.size
        : 96 + v.set.memberBytes() + 40 * v.set.size;
    case 'zset':
      return v.zset.listpack
        ? 32 + v.zset.memberBytes() + 12 * v.zset.size
        : 160 + v.zset.memberBytes() + 88 * v.zset.size;
  }
}

/** How a meter reads the keyspace it measures. */
export interface Measured {
  get(key: string): MeasuredValue | undefined;
  expireAt(key: string): number | undefined;
  keys(): string[];
}

/** The estimated bytes of a keyspace: a fresh server's, and every key's name, value and expiry. */
export function measure(ks: Measured): number {
  let n = EMPTY_SERVER_BYTES;
  for (const key of ks.keys()) {
    const v = ks.get(key);
    if (v === undefined) continue;
    n += KEY_BYTES + key.length + valueBytes(v);
    if (ks.expireAt(key) !== undefined) n += EXPIRY_BYTES;
  }
  return n;
}

/** The used-memory estimate of one keyspace, measured only when it matters (see the file's comment). */
export class MemoryMeter {
  /** the last measurement */
  private measured = EMPTY_SERVER_BYTES;
  /** an upper bound of what the writes since the last measurement added */
  private pending = 0;
  /** the keys changed in a way no bound covers since the last measurement (or none was made) */
  private stale = true;

  /** A write command ran that may have added up to `bytes` (Infinity: no bound is known). */
  grew(bytes: number): void {
    if (bytes === Infinity) this.stale = true;
    else this.pending += bytes;
  }

  /** The keys changed outside a command (expired, a step undone): measure before trusting. */
  changed(): void {
    this.stale = true;
  }

  /** Whether the keyspace, measured, holds more than `limit` bytes (walking it only if it must). */
  over(ks: Measured, limit: number): boolean {
    if (!this.stale && this.measured + this.pending <= limit) return false;
    return this.used(ks) > limit;
  }

  /** The estimate now. */
  used(ks: Measured): number {
    if (this.stale || this.pending > 0) {
      this.measured = measure(ks);
      this.pending = 0;
      this.stale = false;
    }
    return this.measured;
  }
}

/** Bytes each argument of a write may add besides its own length (an entry's headers). */
const ARG_BYTES = 96;

/**
 * An upper bound of what a write command may add to the keyspace, from its arguments: what
 * it stores comes from them, except for the commands that copy or compute what they store
 * (Infinity: measure), SETRANGE (its offset pads) and the moves (the element moved, which is
 * their reply).
 */
export function writeGrowth(name: string, args: readonly string[], reply: unknown): number {
  if (UNBOUNDED.has(name)) return Infinity;
  let n = KEY_BYTES + EXPIRY_BYTES;
  for (const a of args) n += a.length + ARG_BYTES;
  if (name === 'setrange') n += Math.max(0, Number(args[2]) || 0);
  if (MOVES.has(name) && typeof reply === 'string') n += reply.length;
  return n;
}

/** Writes that store what they copy or compute, not what they were given. */
const UNBOUNDED = new Set([
  'copy',
  'sort',
  'sunionstore',
  'sinterstore',
  'sdiffstore',
  'zunionstore',
  'zinterstore',
  'zdiffstore',
  'zrangestore',
]);
/** Writes that move an element between keys. */
const MOVES = new Set(['lmove', 'blmove', 'rpoplpush', 'brpoplpush']);
