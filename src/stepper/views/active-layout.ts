/**
 * The active set's geometry over a whole run, so its panel can hold the room of the largest set
 * it will show from the first step: a step then changes what the rows say, never how many there
 * are or how tall they stand, and the pending list and the failed list under them stay put. A
 * what-if that drops the membership guard adds a row (the reaped id re-scored) and marks it as
 * also in pending; without the room held, that step pushed the pending list, the very thing the
 * mark is about, down and out of the region.
 */
import type { RunIndex } from '../runs/run-index.ts';
import { memoOf } from './memo.ts';

/** What the active set's panel shows at its largest and smallest over a run. */
export interface ActiveLayout {
  /** the most members the panel lists at any step (before the run's, then those added) */
  most: number;
  /** the fewest it lists at any step (0: "active is empty" shows at some step) */
  fewest: number;
  /** whether at some step a member of active is in the pending list too (a broken invariant) */
  breaks: boolean;
}

/**
 * The run's {@link ActiveLayout}, made once per run by replaying its changes to the active set
 * and the pending list (the only ones the panel shows) on a copy of the keyspace before it.
 */
export function activeLayoutOf(ix: RunIndex): ActiveLayout {
  return memoOf(layouts, ix, () => {
    const initial = ix.run.initial;
    const keys = initial.keys;
    // the panel lists every member active held before the run, then each one added since
    const before = initial.active;
    const added = new Set<string>();
    let pending = new Set(initial.pending);
    const present = new Set(before.keys());
    let breaks = initial.pending.some((id) => present.has(id));
    let most = before.size;
    for (const c of ix.steps.changes) {
      if (c.kind === 'zset' && (!keys || c.key === keys.active)) {
        if (c.after === null) present.delete(c.member);
        else present.add(c.member);
        if (!before.has(c.member)) {
          if (c.after === null) added.delete(c.member);
          else added.add(c.member);
        }
        if (c.after !== null && pending.has(c.member)) breaks = true;
      } else if (c.kind === 'list' && keys && c.key === keys.pending) {
        pending = new Set(c.after ?? []);
        for (const id of pending) if (present.has(id)) breaks = true;
      } else continue;
      most = Math.max(most, before.size + added.size);
    }
    // the members before the run are always listed (a removed one shows no score after), and at
    // step 0 none is added yet: the fewest is their count, so "active is empty" shows (at step 0)
    // only in a run whose set starts empty
    return { most, fewest: before.size, breaks };
  });
}
const layouts = new WeakMap<RunIndex, ActiveLayout>();
