import { chargeElements } from './command-work.ts';
import { compareBytes, utf8LongerThan } from './byte-order.ts';

/** Redis 7.0's zset-max-listpack-entries: the most members a listpack (small) set holds. */
export const ZSET_LISTPACK_ENTRIES = 128;
/** Redis 7.0's zset-max-listpack-value: the longest member, in bytes, a listpack set holds. */
export const ZSET_LISTPACK_VALUE = 64;

/** Below this many written members a settle merges them in whatever share of the set they are. */
const STALE_MIN = 64;

/**
 * A sorted set ordered by score, then by member bytes, as Redis orders it.
 *
 * The encoding is tracked only for one visible effect: a small set (listpack)
 * stores an integral score as an integer, so a score of -0 reads back as 0,
 * while a large set (skiplist) keeps -0. Redis 7.0 never converts back.
 */
export class SortedSet {
  private readonly scores = new Map<string, number>();
  /**
   * The members in order, as of the last {@link settle}. Writes do not move it: they only
   * note the member in {@link touched}, and the order is mended when something reads by rank.
   * A batch that re-scores n members of a set of n is then O(n log n), not O(n²) (each write
   * splicing an array of n); a read after k writes costs one pass and a sort of the k.
   */
  private order: string[] = [];
  /** members written (added, re-scored or removed) since the order was last settled */
  private readonly touched = new Set<string>();
  /**
   * True once more than half the members were written since the order was last settled: the
   * next settle sorts every member, so writes stop noting theirs in {@link touched} (on a big
   * set, one hash lookup per write saved, as a batch re-scores every member).
   */
  private stale = false;
  listpack = true;

  /** A set created by one ZADD of `pairs` members, sized as Redis sizes it at creation. */
  static create(pairs: number, longestMember: number): SortedSet {
    const z = new SortedSet();
    z.listpack = pairs <= ZSET_LISTPACK_ENTRIES && longestMember <= ZSET_LISTPACK_VALUE;
    return z;
  }

  get size(): number {
    return this.scores.size;
  }

  /** The members' lengths summed, in code units (the memory estimate's part: memory.ts). */
  memberBytes(): number {
    let n = 0;
    for (const m of this.scores.keys()) n += m.length;
    return n;
  }

  score(member: string): number | undefined {
    return this.scores.get(member);
  }

  /** Inserts or re-scores `member`. The caller decides whether a write is due. */
  set(member: string, score: number): void {
    this.write(member, score, this.scores.get(member));
  }

  /**
   * {@link set} for a caller that has just read the member's score (`before`, undefined when it
   * is absent), as ZADD has: the same write without looking the member up again.
   */
  write(member: string, score: number, before: number | undefined): void {
    if (before === undefined && this.listpack) {
      const grows = this.scores.size + 1 > ZSET_LISTPACK_ENTRIES;
      if (grows || utf8LongerThan(member, ZSET_LISTPACK_VALUE)) this.listpack = false;
    }
    const stored = this.listpack && score === 0 ? 0 : score;
    // the same score (-0 apart from 0) leaves the member where it stands
    if (before !== undefined && Object.is(before, stored)) return;
    this.scores.set(member, stored);
    this.touch(member);
  }

  delete(member: string): boolean {
    if (!this.scores.has(member)) return false;
    this.scores.delete(member);
    this.touch(member);
    return true;
  }

  /** Notes a written member for the next settle (see {@link stale}). */
  private touch(member: string): void {
    if (this.stale) return;
    const touched = this.touched;
    touched.add(member);
    if (touched.size > STALE_MIN && touched.size * 2 > this.scores.size) {
      this.stale = true;
      touched.clear();
    }
  }

  /** 0-based rank of a member, or -1. */
  rank(member: string): number {
    const s = this.scores.get(member);
    if (s === undefined) return -1;
    this.settle();
    return this.position(s, member);
  }

  /** Members at ranks start..stop inclusive (already clamped by the caller). */
  slice(start: number, stop: number): string[] {
    this.settle();
    return this.order.slice(start, stop + 1);
  }

  members(): readonly string[] {
    this.settle();
    return this.order;
  }

  clone(): SortedSet {
    this.settle();
    const z = new SortedSet();
    z.listpack = this.listpack;
    for (const m of this.order) z.scores.set(m, this.scores.get(m) ?? 0);
    z.order = [...this.order];
    return z;
  }

  /** Score order, then member bytes: Redis's order. */
  private readonly compare = (a: string, b: string): number => {
    const sa = this.scores.get(a) ?? 0;
    const sb = this.scores.get(b) ?? 0;
    return sa < sb ? -1 : sa > sb ? 1 : compareBytes(a, b);
  };

  /** Mends the order after writes: the untouched members keep their order; the rest merge in. */
  private settle(): void {
    if (this.stale) {
      // the order is total (score, then bytes), so sorting every member gives what the merge
      // below would (charged first: a charge its server refuses leaves the order still stale)
      chargeElements(this.scores.size);
      this.stale = false;
      this.order = [...this.scores.keys()].sort(this.compare);
      return;
    }
    if (this.touched.size === 0) return;
    // the mend is a pass over the whole order: a loop that writes one member and reads by
    // rank pays for the set on every round (a skiplist would pay its height)
    chargeElements(this.order.length + this.touched.size);
    const kept = this.order.filter((m) => !this.touched.has(m));
    const added: string[] = [];
    for (const m of this.touched) if (this.scores.has(m)) added.push(m);
    this.touched.clear();
    added.sort(this.compare);
    if (kept.length === 0) {
      this.order = added;
      return;
    }
    const merged: string[] = new Array<string>(kept.length + added.length);
    let i = 0;
    let j = 0;
    let o = 0;
    while (i < kept.length && j < added.length)
      merged[o++] = this.compare(kept[i]!, added[j]!) <= 0 ? kept[i++]! : added[j++]!;
    while (i < kept.length) merged[o++] = kept[i++]!;
    while (j < added.length) merged[o++] = added[j++]!;
    this.order = merged;
  }

  /** Index of the first entry not less than (score, member), in the settled order. */
  private position(score: number, member: string): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.order[mid] ?? '';
      const s = this.scores.get(m) ?? 0;
      if (s < score || (s === score && compareBytes(m, member) < 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
