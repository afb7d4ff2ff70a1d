import { chargeElements } from './command-work.ts';
import { redisParseInt64 } from './numbers.ts';

/** Redis 7.0's default set-max-intset-entries: an intset that grows past it becomes a hash table. */
export const SET_MAX_INTSET_ENTRIES = 512;

/** Whether Redis stores `member` in an intset (`isSdsRepresentableAsLongLong`: string2ll's rules). */
export function isIntsetMember(member: string): boolean {
  return redisParseInt64(member) !== null;
}

const byNumber = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * A set as Redis 7.0 keeps one: an intset while every member is an integer and there are at
 * most {@link SET_MAX_INTSET_ENTRIES} of them (then its members are in numeric order, which
 * SMEMBERS and every iteration show), otherwise a hash table, which never converts back. A
 * real hash table's order follows its hashing (with a seed drawn at start-up), which no one
 * can reproduce; here it is insertion order, so what a real server lists in an order of its
 * own is compared as a set, never as a sequence.
 */
export class SetValue {
  private readonly items = new Set<string>();
  /**
   * the members as listed (numeric order while an intset, else insertion order), rebuilt after
   * a write (null: stale), so reads that list them (SSCAN, SRANDMEMBER, SPOP) do not copy the
   * set at every call
   */
  private ordered: string[] | null = null;
  private isIntset: boolean;

  private constructor(intset: boolean) {
    this.isIntset = intset;
  }

  /** An empty intset (`createIntsetObject`: what SINTERSTORE, SUNIONSTORE, SDIFFSTORE fill). */
  static intset(): SetValue {
    return new SetValue(true);
  }

  /** An empty hash-table set (`createSetObject`). */
  static hashtable(): SetValue {
    return new SetValue(false);
  }

  /** The set SADD or SMOVE creates for its first member (`setTypeCreate`). */
  static createFor(first: string): SetValue {
    return new SetValue(isIntsetMember(first));
  }

  /** A set holding `members`, created as SADD of them in order would create it. */
  static of(members: readonly string[]): SetValue {
    const s = SetValue.createFor(members[0] ?? '');
    for (const m of members) s.add(m);
    return s;
  }

  /** The members' lengths summed, in code units (the memory estimate's part: memory.ts). */
  memberBytes(): number {
    let n = 0;
    for (const m of this.items) n += m.length;
    return n;
  }

  /** OBJECT ENCODING's name for this set. */
  get encoding(): 'intset' | 'hashtable' {
    return this.isIntset ? 'intset' : 'hashtable';
  }

  get size(): number {
    return this.items.size;
  }

  has(member: string): boolean {
    return this.items.has(member);
  }

  /** `setTypeAdd`: adds `member`, converting to a hash table as Redis does; true when it is new. */
  add(member: string): boolean {
    if (this.items.has(member)) return false;
    if (this.isIntset && !isIntsetMember(member)) this.isIntset = false;
    this.items.add(member);
    this.ordered = null;
    if (this.isIntset && this.items.size > SET_MAX_INTSET_ENTRIES) this.isIntset = false;
    return true;
  }

  /** Removes `member`; true when it was there. */
  delete(member: string): boolean {
    const had = this.items.delete(member);
    if (had) this.ordered = null;
    return had;
  }

  /**
   * The members in the order the server iterates them (numeric for an intset). Listing them
   * anew after a write is work no reply shows (a real server walks its table in place): it is
   * charged to the running command ({@link chargeElements}), so a script's loop of writes and
   * reads that list a big set meets its step budget.
   */
  members(): readonly string[] {
    if (this.ordered) return this.ordered;
    chargeElements(this.items.size);
    this.ordered = this.copy();
    return this.ordered;
  }

  /**
   * A fresh copy of the members in {@link SetValue.members}'s order, charged to no command and
   * left out of its cache: for a stepper's journal around a call (tracing/key-journal.ts), so a
   * traced run pays the budget exactly what the same run untraced pays.
   */
  copy(): string[] {
    return this.isIntset ? [...this.items].sort(byNumber) : [...this.items];
  }

  /** A member chosen by `random` (a number in [0, 1)); the set must not be empty. */
  random(random: () => number): string {
    const all = this.members();
    return all[Math.floor(random() * all.length)] ?? '';
  }

  clone(): SetValue {
    const copy = new SetValue(this.isIntset);
    for (const m of this.items) copy.items.add(m);
    return copy;
  }
}
