/**
 * One way to read a run's steps by column, whether the run keeps them packed (the simulator's
 * traces) or as a plain array (a build-time run from JSON, a variant's rewritten run). The run
 * index and the selectors read through this, so a packed run is never unpacked to be indexed.
 */
import type { LocalsDelta, ShownValue } from '@batch-lease/redis-sim/client';
import type { Change, StepEvent, StepperStep } from './trace-source.ts';

/** A run's steps, read by column. */
export interface StepTable {
  readonly length: number;
  line(k: number): number;
  /** the member (the pair's index) step k belongs to, or null outside the loop */
  group(k: number): number | null;
  kind(k: number): StepEvent['kind'];
  event(k: number): StepEvent;
  /** step k whole (for a plain array, the very object it holds) */
  step(k: number): StepperStep;
  /** every change of the run, in order */
  readonly changes: readonly Change[];
  /** the index in {@link changes} of step k's first change; k may be `length` (the end) */
  changeStart(k: number): number;
  /** each write step k made into a table the locals show, told without building it; the count */
  eachTableWrite(
    k: number,
    fn: (table: string, key: ShownValue, value: ShownValue) => void,
  ): number;
  /** step k's locals delta, told without building it; false when it has none */
  eachLocal(
    k: number,
    scope: (names: readonly string[]) => void,
    fn: (position: number, value: ShownValue) => void,
  ): boolean;
}

/** A plain array of steps, read by column (its changes gathered once into one list). */
class ArrayTable implements StepTable {
  readonly changes: Change[] = [];
  private readonly changeAt: Int32Array;
  constructor(private readonly steps: readonly StepperStep[]) {
    this.changeAt = new Int32Array(steps.length + 1);
    for (let k = 0; k < steps.length; k++) {
      for (const c of steps[k]!.changes) this.changes.push(c);
      this.changeAt[k + 1] = this.changes.length;
    }
  }
  get length() {
    return this.steps.length;
  }
  line(k: number) {
    return this.steps[k]!.line;
  }
  group(k: number) {
    return this.steps[k]!.group;
  }
  kind(k: number) {
    return this.steps[k]!.event.kind;
  }
  event(k: number) {
    return this.steps[k]!.event;
  }
  step(k: number) {
    return this.steps[k]!;
  }
  changeStart(k: number) {
    return this.changeAt[k]!;
  }
  eachTableWrite(k: number, fn: (table: string, key: ShownValue, value: ShownValue) => void) {
    const writes = this.steps[k]!.locals?.tables;
    if (!writes) return 0;
    for (const [t, key, v] of writes) fn(t, key, v);
    return writes.length;
  }
  eachLocal(
    k: number,
    scope: (names: readonly string[]) => void,
    fn: (position: number, value: ShownValue) => void,
  ): boolean {
    const l: LocalsDelta | undefined = this.steps[k]!.locals;
    if (!l) return false;
    if (l.scope) scope(l.scope);
    for (const [at, v] of l.set) fn(at, v);
    return true;
  }
}

const tables = new WeakMap<readonly StepperStep[], StepTable>();

/**
 * The key under which a packed trace's array view answers its columns (`PACKED_TRACE` in
 * @batch-lease/redis-sim's trace-store.ts). Read by its global name so this module, which ships with the
 * stepper, does not pull the simulator's chunk in to recognize a packed run.
 */
const PACKED_TRACE = Symbol.for('@batch-lease/redis-sim.packed-trace');

/** The column reader of `steps` (the same one for the same array). */
export function stepTableOf(steps: readonly StepperStep[]): StepTable {
  let t = tables.get(steps);
  if (!t) {
    const packed = (steps as { [PACKED_TRACE]?: StepTable })[PACKED_TRACE];
    t = packed ?? new ArrayTable(steps);
    tables.set(steps, t);
  }
  return t;
}
