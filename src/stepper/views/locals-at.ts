/**
 * The locals in scope at step k, as a frame view shows them: the run's locals after k steps
 * and after k - 1 (locals-index.ts, which folds the per-step deltas from its snapshots), told
 * apart local by local, with each table's contents.
 */
import type { RunIndex } from '../runs/run-index.ts';
import type { ShownValue } from '@batch-lease/redis-sim/client';
import { localsAt } from './locals-index.ts';
import { tableAt, type TableView } from './table-contents.ts';

/** One local of the running function, innermost last. */
export interface LocalView {
  name: string;
  value: ShownValue;
  /**
   * set by the step just taken (or newly in scope at it), or a table whose contents the step
   * wrote, even when the local still holds the same table (`failed[#failed + 1] = id`)
   */
  changed: boolean;
  /** the table's contents, when the value is a table the trace told them for */
  table?: TableView;
  /** the step did not set the local, but wrote into the table it still holds */
  tableWritten?: boolean;
}

/** One text per value a frame view tells apart (a table by its address and `#`). */
const identity = (v: ShownValue | undefined): string =>
  v === undefined || v === null
    ? 'nil'
    : typeof v !== 'object'
      ? `${typeof v} ${String(v)}`
      : 'table' in v
        ? `table ${v.table} ${v.length}`
        : `function ${v.function}`;

/**
 * The locals in scope after k steps, innermost last; empty before the script has any. A local
 * is `changed` when the step just taken gave it a value it did not have (or brought it into
 * scope), or wrote into the table it holds; a table is the same value while its address and
 * `#` are, and carries its contents.
 */
export function selectLocals(ix: RunIndex, k: number): LocalView[] {
  const at = Math.max(0, Math.min(ix.n, Math.floor(k)));
  // k - 1 first: stepping on, it is the last answer kept, and k is one delta from it
  const before = at > 0 ? localsAt(ix, at - 1) : null;
  const f = localsAt(ix, at);
  return f.names.map((name, i) => {
    const value = f.values[i] ?? null;
    const was = before?.values[i];
    const changed =
      before !== null && (before.names[i] !== name || identity(was) !== identity(value));
    const view: LocalView = { name, value, changed };
    if (value !== null && typeof value === 'object' && 'table' in value) {
      const table = tableAt(ix, at, value.table);
      if (table) view.table = table;
      // the same table as before the step: a new `#` or a written entry is a write into it
      const kept =
        before !== null &&
        before.names[i] === name &&
        typeof was === 'object' &&
        was !== null &&
        'table' in was &&
        was.table === value.table;
      if (kept && (changed || table?.changed)) {
        view.changed = true;
        view.tableWritten = true;
      }
    }
    return view;
  });
}
