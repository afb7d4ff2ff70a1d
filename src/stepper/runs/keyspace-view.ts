import type { Change } from '@batch-lease/redis-sim/client';

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
 * The active sets and row maps two views hold at once, since {@link cloneView}. Such a map is
 * never written again: the first view to change it writes a copy of its own. So a clone costs
 * no copying until it changes, and a jump of the stepper (which clones the view nearest to its
 * step, then walks the changes between) copies only what those changes touch: the batch
 * script writes the active set and never a row, so its jumps leave the thousand rows shared.
 */
const shared = new WeakSet<Map<string, unknown>>();

/**
 * A copy that later changes cannot reach. It shares its maps with `v` until one of the two
 * changes them (see `shared`); row maps are shared for good, because {@link applyChange}
 * replaces a row map instead of writing into it, and the pending list is replaced whole.
 */
export function cloneView(v: KeyspaceView): KeyspaceView {
  shared.add(v.active);
  shared.add(v.rows);
  const copy: KeyspaceView = { active: v.active, rows: v.rows, pending: v.pending };
  if (v.keys) copy.keys = v.keys;
  return copy;
}

/**
 * A copy of `m` in its order. By forEach rather than `new Map(m)`, which reads `m` through its
 * iterator: an entry array and a result object per member, most of what a jump of the stepper
 * allocated at 1,000 leases, and about a third slower.
 */
function copyMap<K, V>(m: Map<K, V>): Map<K, V> {
  const copy = new Map<K, V>();
  m.forEach((value, key) => copy.set(key, value));
  return copy;
}

/** The view's active set or map of rows, made its own first if another view shares it. */
function own<P extends 'active' | 'rows'>(v: KeyspaceView, part: P): KeyspaceView[P] {
  const m: Map<string, unknown> = v[part];
  if (shared.has(m)) v[part] = copyMap(m) as KeyspaceView[P];
  return v[part];
}

/** Applies one change in place, forward (to `after`) or backward (to `before`). */
export function applyChange(v: KeyspaceView, c: Change, dir: 'forward' | 'backward'): void {
  // expiries and strings have no panel of their own (the general view lists them as changes),
  // except a string at a job row's key: that row now holds another type
  if (c.kind === 'expiry') return;
  if (c.kind === 'string') {
    const prefix = v.keys?.rows;
    if (prefix === undefined || !c.key.startsWith(prefix)) return;
    if ((dir === 'forward' ? c.after : c.before) !== null) own(v, 'rows').set(c.key, 'wrongtype');
    else if (v.rows.get(c.key) === 'wrongtype') own(v, 'rows').delete(c.key);
    return;
  }
  // a set has no panel of its own: the general view lists its changes
  if (c.kind === 'set') return;
  if (c.kind === 'list') {
    if (v.keys && c.key === v.keys.pending)
      v.pending = [...((dir === 'forward' ? c.after : c.before) ?? [])];
    return;
  }
  if (c.kind === 'zset') {
    if (v.keys && c.key !== v.keys.active) return;
    const score = dir === 'forward' ? c.after : c.before;
    if (score === null) {
      if (v.active.has(c.member)) own(v, 'active').delete(c.member);
    } else if (v.active.get(c.member) !== score) own(v, 'active').set(c.member, score);
    return;
  }
  const value = dir === 'forward' ? c.after : c.before;
  const old = v.rows.get(c.key);
  if (old === 'wrongtype') return;
  if (!old && value === null) return;
  // copy on write: another view may share this row map
  const row = new Map(old);
  const rows = own(v, 'rows');
  rows.set(c.key, row);
  if (value === null) {
    row.delete(c.field);
    if (row.size === 0) rows.delete(c.key);
  } else row.set(c.field, value);
}
