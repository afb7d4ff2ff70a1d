/**
 * The active set's geometry over a whole run, so its panel can hold the room of the largest set
 * it will show from the first step: a step then changes what the rows say, never how many there
 * are or how tall they stand, and the pending list and the failed list under them stay put. A
 * what-if that drops the membership guard adds a row (the reaped id re-scored) and marks it as
 * also in pending; without the room held, that step pushed the pending list, the very thing the
 * mark is about, down and out of the region.
 */
import { applyChange, cloneView } from '../runs/keyspace-view.ts';
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
 * The run's {@link ActiveLayout}, made once per run by walking its changes to the active set and
 * the pending list (the only ones the panel shows) over a copy of the keyspace before it, with
 * the same `applyChange` the stepper's views are walked with.
 */
export function activeLayoutOf(ix: RunIndex): ActiveLayout {
  return memoOf(layouts, ix, () => {
    const before = ix.run.initial.active;
    const view = cloneView(ix.run.initial);
    const broken = () => view.pending.some((id) => view.active.has(id));
    // the panel lists every member active held before the run, then each one added since
    const added = new Set<string>();
    let breaks = broken();
    let most = before.size;
    for (const c of ix.steps.changes) {
      if (c.kind !== 'zset' && c.kind !== 'list') continue;
      applyChange(view, c, 'forward');
      if (c.kind === 'zset' && !before.has(c.member)) {
        if (view.active.has(c.member)) added.add(c.member);
        else added.delete(c.member);
      }
      breaks ||= broken();
      most = Math.max(most, before.size + added.size);
    }
    // at step 0 none is added yet: the fewest is the members before the run, so "active is
    // empty" shows (at step 0) only in a run whose set starts empty
    return { most, fewest: before.size, breaks };
  });
}
const layouts = new WeakMap<RunIndex, ActiveLayout>();
