import { compareBytes, utf8Length } from './byte-order.ts';

/** Redis 7.0 defaults: zset-max-listpack-entries and zset-max-listpack-value. */
export const ZSET_LISTPACK_ENTRIES = 128;
export const ZSET_LISTPACK_VALUE = 64;

/**
 * A sorted set ordered by score, then by member bytes, as Redis orders it.
 *
 * The encoding is tracked only for one visible effect: a small set (listpack)
 * stores an integral score as an integer, so a score of -0 reads back as 0,
 * while a large set (skiplist) keeps -0. Redis 7.0 never converts back.
 */
export class SortedSet {
  private readonly scores = new Map<string, number>();
  private readonly order: string[] = [];
  listpack = true;

  /** A set created by one ZADD of `pairs` members, sized as Redis sizes it at creation. */
  static create(pairs: number, longestMember: number): SortedSet {
    const z = new SortedSet();
    z.listpack = pairs <= ZSET_LISTPACK_ENTRIES && longestMember <= ZSET_LISTPACK_VALUE;
    return z;
  }

  get size(): number {
    return this.order.length;
  }

  score(member: string): number | undefined {
    return this.scores.get(member);
  }

  /** Inserts or re-scores `member`. The caller decides whether a write is due. */
  set(member: string, score: number): void {
    const had = this.scores.has(member);
    if (!had && this.listpack) {
      const grows = this.order.length + 1 > ZSET_LISTPACK_ENTRIES;
      if (grows || utf8Length(member) > ZSET_LISTPACK_VALUE) this.listpack = false;
    }
    const stored = this.listpack && score === 0 ? 0 : score;
    if (had) this.removeFromOrder(member);
    this.scores.set(member, stored);
    this.order.splice(this.position(stored, member), 0, member);
  }

  delete(member: string): boolean {
    if (!this.scores.has(member)) return false;
    this.removeFromOrder(member);
    this.scores.delete(member);
    return true;
  }

  /** 0-based rank of a member, or -1. */
  rank(member: string): number {
    const s = this.scores.get(member);
    if (s === undefined) return -1;
    return this.position(s, member);
  }

  /** Members at ranks start..stop inclusive (already clamped by the caller). */
  slice(start: number, stop: number): string[] {
    return this.order.slice(start, stop + 1);
  }

  members(): readonly string[] {
    return this.order;
  }

  clone(): SortedSet {
    const z = new SortedSet();
    z.listpack = this.listpack;
    for (const m of this.order) {
      z.scores.set(m, this.scores.get(m) ?? 0);
      z.order.push(m);
    }
    return z;
  }

  private removeFromOrder(member: string): void {
    const idx = this.rank(member);
    if (idx >= 0) this.order.splice(idx, 1);
  }

  /** Index of the first entry not less than (score, member). */
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
