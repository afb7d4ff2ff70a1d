import type { Change } from '../../sim/client.ts';

/** The part of the keyspace the stepper shows: the active set, the job rows and pending. */
export interface KeyspaceView {
  /** member → score, in insertion order (sorting is the view's job) */
  active: Map<string, number>;
  /** row key → its fields, or 'wrongtype' for a key that holds another type */
  rows: Map<string, Map<string, string> | 'wrongtype'>;
  pending: string[];
  /**
   * The keys the view stands for (the scenario's active set and pending list), so a write to
   * any other sorted set or list is not shown as theirs, and the prefix of the job rows, so a
   * string written at a row's key shows that row as holding another type. Absent: every
   * sorted-set change is active's (the lesson's runs write no other).
   */
  keys?: { active: string; pending: string; rows?: string };
}

/**
 * A copy that later changes cannot reach. Row maps are shared, because {@link applyChange}
 * replaces a row map instead of writing into it (rows change rarely; active changes often).
 */
export function cloneView(v: KeyspaceView): KeyspaceView {
  const copy: KeyspaceView = {
    active: new Map(v.active),
    rows: new Map(v.rows),
    pending: [...v.pending],
  };
  if (v.keys) copy.keys = v.keys;
  return copy;
}

/** Applies one change in place, forward (to `after`) or backward (to `before`). */
export function applyChange(v: KeyspaceView, c: Change, dir: 'forward' | 'backward'): void {
  // expiries and strings have no panel of their own (the general view lists them as changes),
  // except a string at a job row's key: that row now holds another type
  if (c.kind === 'expiry') return;
  if (c.kind === 'string') {
    const prefix = v.keys?.rows;
    if (prefix === undefined || !c.key.startsWith(prefix)) return;
    if ((dir === 'forward' ? c.after : c.before) !== null) v.rows.set(c.key, 'wrongtype');
    else if (v.rows.get(c.key) === 'wrongtype') v.rows.delete(c.key);
    return;
  }
  if (c.kind === 'list') {
    if (v.keys && c.key === v.keys.pending)
      v.pending = [...((dir === 'forward' ? c.after : c.before) ?? [])];
    return;
  }
  if (c.kind === 'zset') {
    if (v.keys && c.key !== v.keys.active) return;
    const score = dir === 'forward' ? c.after : c.before;
    if (score === null) v.active.delete(c.member);
    else v.active.set(c.member, score);
    return;
  }
  const value = dir === 'forward' ? c.after : c.before;
  const shared = v.rows.get(c.key);
  if (shared === 'wrongtype') return;
  if (!shared && value === null) return;
  // copy on write: another view may share this row map
  const row = new Map(shared);
  v.rows.set(c.key, row);
  if (value === null) {
    row.delete(c.field);
    if (row.size === 0) v.rows.delete(c.key);
  } else row.set(c.field, value);
}
