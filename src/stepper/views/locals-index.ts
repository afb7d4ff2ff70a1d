/**
 * The locals of a script run at any step, as a Python Tutor frame shows them: every local in
 * scope with its value, and the ones the step just taken changed. The trace keeps only each
 * step's locals delta; this folds them, from a snapshot kept every
 * {@link MIN_CHECKPOINT_EVERY} steps (or from the last answer, when that is nearer), so any
 * step is a short fold, whatever the run's length.
 */
import type { ShownValue } from '@batch-lease/redis-sim/client';
import { MIN_CHECKPOINT_EVERY, type RunIndex } from '../runs/run-index.ts';
import type { StepTable } from '../runs/step-table.ts';

/** The running function's locals after k steps. */
export interface LocalsView {
  /** the step count this view is after */
  k: number;
  /** the names in scope, innermost last (a name may repeat: an inner local shadows an outer) */
  names: readonly string[];
  /** each name's value, by position */
  values: readonly ShownValue[];
  /** the positions the step just taken (step k - 1) set: a new local, or a new value */
  changed: readonly number[];
}

interface Snapshot {
  names: readonly string[];
  values: ShownValue[];
}

/** A run's locals snapshots: snapshots[j] is the fold of the first j × every steps. */
interface LocalsIndex {
  every: number;
  snapshots: Snapshot[];
  last: LocalsView | null;
}

const NONE: readonly number[] = Object.freeze([]);
const NO_NAMES: readonly string[] = Object.freeze([]);
const indices = new WeakMap<RunIndex, LocalsIndex>();

/** Folds steps [from, to) into `into`. */
function fold(steps: StepTable, into: Snapshot, from: number, to: number): void {
  const setScope = (names: readonly string[]) => {
    into.names = names;
    into.values.length = names.length;
  };
  const set = (at: number, v: ShownValue) => {
    into.values[at] = v;
  };
  for (let s = from; s < to; s++) steps.eachLocal(s, setScope, set);
}

function indexOf(ix: RunIndex): LocalsIndex {
  let li = indices.get(ix);
  if (!li) {
    const every = MIN_CHECKPOINT_EVERY;
    const snapshots: Snapshot[] = [{ names: NO_NAMES, values: [] }];
    const running: Snapshot = { names: [], values: [] };
    for (let from = 0; from + every <= ix.n; from += every) {
      fold(ix.steps, running, from, from + every);
      snapshots.push({ names: running.names, values: running.values.slice() });
    }
    li = { every, snapshots, last: null };
    indices.set(ix, li);
  }
  return li;
}

/**
 * The locals after k steps, and which the step just taken changed. The same object for the
 * same k while no other k has been asked since; treat it as read-only. Empty for a run whose
 * steps carry no locals (the native twin).
 */
export function localsAt(ix: RunIndex, k: number): LocalsView {
  const at = Math.max(0, Math.min(ix.n, Math.floor(k)));
  const li = indexOf(ix);
  if (li.last && li.last.k === at) return li.last;
  const j = Math.floor(at / li.every);
  const snap = li.snapshots[j]!;
  let from = j * li.every;
  const into: Snapshot = { names: snap.names, values: snap.values.slice() };
  // one step on from the last answer (stepping forward) folds one delta, not a stride
  const last = li.last;
  if (last && last.k <= at && last.k > from) {
    from = last.k;
    into.names = last.names;
    into.values = last.values.slice();
  }
  fold(ix.steps, into, from, at);
  const changed: number[] = [];
  if (at > 0)
    ix.steps.eachLocal(
      at - 1,
      () => {},
      (p) => changed.push(p),
    );
  const view: LocalsView = {
    k: at,
    names: into.names,
    values: into.values,
    changed: changed.length ? changed : NONE,
  };
  li.last = view;
  return view;
}
