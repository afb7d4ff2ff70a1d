/**
 * The locals in scope at step k, as a frame view shows them: folded forward from the
 * per-step changes the trace carries (`TraceStep.locals`), from the nearest of a few frames
 * kept per run, so a jump anywhere walks at most one stride of steps.
 */
import type { RunIndex } from '../runs/run-index.ts';
import type { ShownValue } from '../../sim/index.ts';
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

interface Frame {
  names: string[];
  values: ShownValue[];
}

const STRIDE = 256;

interface Kept {
  /** frames[c]: the locals after c × STRIDE steps */
  frames: Frame[];
}
const kept = new WeakMap<RunIndex, Kept>();

/**
 * Folds the locals deltas of steps [from, to) into `f`, read from the step table: building each
 * step of a long packed run to read its delta would cost a jump to the end of 1,000 leases
 * tens of milliseconds.
 */
function fold(ix: RunIndex, f: Frame, from: number, to: number): void {
  const scope = (names: readonly string[]) => {
    f.names = names as string[];
    f.values.length = names.length;
  };
  const set = (at: number, v: ShownValue) => {
    f.values[at] = v;
  };
  for (let s = from; s < to; s++) ix.steps.eachLocal(s, scope, set);
}

function frameAt(ix: RunIndex, k: number): Frame {
  let memo = kept.get(ix);
  if (!memo) {
    memo = { frames: [{ names: [], values: [] }] };
    kept.set(ix, memo);
  }
  const { frames } = memo;
  const c = Math.floor(k / STRIDE);
  // extend the kept frames up to c, each folded from the one before
  while (frames.length <= c) {
    const from = frames[frames.length - 1]!;
    const f: Frame = { names: from.names, values: [...from.values] };
    const start = (frames.length - 1) * STRIDE;
    fold(ix, f, start, Math.min(start + STRIDE, ix.n));
    frames.push(f);
  }
  const base = frames[c]!;
  const f: Frame = { names: base.names, values: [...base.values] };
  fold(ix, f, c * STRIDE, k);
  return f;
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
  const at = Math.max(0, Math.min(ix.n, k));
  const f = frameAt(ix, at);
  const before = at > 0 ? frameAt(ix, at - 1) : null;
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
