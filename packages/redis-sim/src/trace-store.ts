/**
 * A trace kept as columns instead of one object per step. A stepped script that loops 10,000
 * times takes about 100,000 steps; as objects (step, event, changes array, locals delta) that is several
 * hundred bytes a step. Here a step is a few typed-array cells plus its event's fields in one
 * shared pool, and its keyspace changes in one flat list, so the trace holds only its deltas.
 *
 * A reader that wants the plain {@link TraceStep} objects gets them from {@link PackedTrace.step}
 * or from {@link PackedTrace.view}, an array-like view that builds each step when it is read;
 * readers on a hot path (a stepper's index of the run) read the columns directly.
 *
 * The general kinds of event are kept in cells; a module that adds kinds of its own gives
 * their fields to the trace it records into (`new PackedTrace(fields)`), and an event of a kind
 * the trace was not given is kept whole, so nothing is lost either way.
 */
import type {
  AnyEvent,
  Change,
  GeneralEvent,
  LocalsDelta,
  ShownValue,
  StepFields,
  StepListing,
  TableWrite,
  TraceSink,
  TraceStep,
} from './trace-types.ts';
import { GENERAL_STEP_FIELDS } from './trace-types.ts';

/** A step's event kind as a number (its position in the trace's list of kinds). */
export type KindCode = number;

/** The fields of the kinds a trace keeps in cells, by kind. */
type FieldTable = Readonly<Record<string, readonly string[]>>;

/** Kept in a field's pool cell when the event does not have that (optional) field. */
const ABSENT: unique symbol = Symbol('absent');
/** Kept as a kind code when the event is stored whole, as one pool cell. */
const RAW = 255;

/** A step's cells in {@link PackedTrace}'s one Int32Array, in this order. */
const LINE = 0;
/** the step's group, or -1 for null */
const GROUP = 1;
/** the kind code (or {@link RAW}) in the low byte, the listing's code above it */
const KIND = 2;
/** the step's first cell in the pool */
const EVENT_AT = 3;
/** the step's locals in the pool, or -1 when it has none */
const LOCALS_AT = 4;
/** the index in the change list just past the step's last change */
const CHANGE_END = 5;
const CELLS = 6;

/**
 * A packed trace as plain data: what a structured clone (a worker's `postMessage`) carries, so a
 * run made in a worker is stepped on the page as it was recorded. `cells` can be transferred
 * rather than copied. The pool's cells that hold no field (an optional field left out) are
 * listed in `absent`, since the marker the trace keeps there does not survive a clone.
 */
export interface PackedTraceData {
  cells: Int32Array<ArrayBuffer>;
  steps: number;
  listings: string[];
  pool: unknown[];
  absent: Int32Array;
  changes: Change[];
  fields: FieldTable;
}

/** How many recently built steps are kept, so reading step k twice gives the same object. */
const RECENT = 64;

/**
 * A trace stored as columns: one step's line, group, kind, event fields, changes and locals.
 * `E` is the events the caller's modules add (given with their fields to the constructor), `L`
 * the listings their tellers name.
 */
export class PackedTrace<
  E extends AnyEvent = GeneralEvent,
  L extends string = StepListing,
> implements TraceSink {
  /** {@link CELLS} cells per step, grown by doubling and cut to size by {@link seal} */
  private cells = new Int32Array(CELLS * 256);
  private steps = 0;
  private readonly listings: L[] = [];
  private lastListing: L | null = null;
  private lastListingCode = -1;
  private readonly pool: unknown[] = [];
  /** every change of the run, in order */
  readonly changes: Change[] = [];
  private readonly recent: (TraceStep<E, L> | undefined)[] = new Array<TraceStep<E, L> | undefined>(
    RECENT,
  );
  private readonly recentAt = new Int32Array(RECENT).fill(-1);
  private arrayView: readonly TraceStep<E, L>[] | null = null;
  /** every kind kept in cells, in a fixed order: a step's kind is kept as its position here */
  private readonly kinds: readonly string[];
  private readonly fields: FieldTable;
  private readonly kindCode: Map<string, number>;

  /**
   * An empty trace. `fields` names the kinds a module adds and their fields in the order its
   * producers write them (`StepFields`), so their events are kept in cells like the general
   * ones; at most 254 kinds in all.
   */
  constructor(fields: StepFields<Exclude<E, GeneralEvent>> | FieldTable = {}) {
    this.fields = { ...(fields as FieldTable), ...(GENERAL_STEP_FIELDS as FieldTable) };
    this.kinds = Object.keys(this.fields);
    if (this.kinds.length >= RAW) throw new Error(`a packed trace keeps at most ${RAW - 1} kinds`);
    this.kindCode = new Map(this.kinds.map((k, i) => [k, i]));
  }

  /** How many steps the trace holds. */
  get length(): number {
    return this.steps;
  }

  /** Keeps one step (its fields are copied out; the object is not held). */
  push(step: TraceStep<AnyEvent>): void {
    this.record(step.listing, step.line, step.group, step.event, step.changes, step.locals);
  }

  /**
   * {@link push} of a step given by its parts, without building the step. `ordered` promises
   * the event's own keys are its kind's fields in order (the recorder's literals are), which
   * spares checking them; any other event is checked, and kept whole if they differ.
   */
  record(
    listing: string,
    line: number,
    group: number | null,
    event: AnyEvent,
    changes: readonly Change[],
    l: LocalsDelta | undefined,
    ordered = false,
  ): void {
    const named = listing as L;
    let code = named === this.lastListing ? this.lastListingCode : this.listings.indexOf(named);
    if (code < 0) code = this.listings.push(named) - 1;
    this.lastListing = named;
    this.lastListingCode = code;
    const at = this.steps * CELLS;
    if (at === this.cells.length) {
      const grown = new Int32Array(this.cells.length * 2);
      grown.set(this.cells);
      this.cells = grown;
    }
    const cells = this.cells;
    cells[at + LINE] = line;
    cells[at + GROUP] = group ?? -1;
    cells[at + EVENT_AT] = this.pool.length;
    cells[at + KIND] = this.packEvent(event, ordered) | (code << 8);
    for (let i = 0; i < changes.length; i++) this.changes.push(changes[i]!);
    cells[at + CHANGE_END] = this.changes.length;
    if (!l) cells[at + LOCALS_AT] = -1;
    else {
      cells[at + LOCALS_AT] = this.pool.length;
      this.pool.push('scope' in l ? l.scope : ABSENT, l.set.length);
      for (const [p, v] of l.set) this.pool.push(p, v);
      // then the table writes, three cells each, after their count
      const writes = l.tables;
      this.pool.push(writes ? writes.length : 0);
      if (writes) for (const [t, key, v] of writes) this.pool.push(t, key, v);
    }
    this.steps++;
  }

  /**
   * The trace as plain data ({@link PackedTraceData}), for a structured clone; seal it first.
   * The data shares the trace's arrays (nothing is copied here): hand it over, and let the
   * clone copy it, or transfer `cells` and use the trace no more.
   */
  toData(): PackedTraceData {
    const absent: number[] = [];
    const pool = this.pool.map((v, i) => {
      if (v !== ABSENT) return v;
      absent.push(i);
      return null;
    });
    return {
      cells:
        this.cells.length === this.steps * CELLS
          ? this.cells
          : this.cells.slice(0, this.steps * CELLS),
      steps: this.steps,
      listings: [...this.listings],
      pool,
      absent: Int32Array.from(absent),
      changes: this.changes,
      fields: this.fields,
    };
  }

  /** The trace {@link toData} gave, read back: every step reads as it did in the original. */
  static fromData<E extends AnyEvent = GeneralEvent, L extends string = StepListing>(
    data: PackedTraceData,
  ): PackedTrace<E, L> {
    const t = new PackedTrace<E, L>(data.fields);
    t.cells = data.cells;
    t.steps = data.steps;
    for (const l of data.listings) t.listings.push(l as L);
    const pool = t.pool;
    for (let i = 0; i < data.pool.length; i++) pool.push(data.pool[i]);
    for (const i of data.absent) pool[i] = ABSENT;
    for (let i = 0; i < data.changes.length; i++) t.changes.push(data.changes[i]!);
    return t;
  }

  /** Ends writing: the cells drop their spare capacity. */
  seal(): void {
    if (this.cells.length !== this.steps * CELLS)
      this.cells = this.cells.slice(0, this.steps * CELLS);
  }

  private packEvent(e: AnyEvent, ordered: boolean): number {
    const code = this.kindCode.get(e.kind);
    const fields = code === undefined ? undefined : this.fields[e.kind];
    if (code === undefined || !fields || (!ordered && !sameKeys(e, fields))) {
      this.pool.push(e);
      return RAW;
    }
    const rec = e as unknown as Record<string, unknown>;
    for (const f of fields) {
      if (!(f in rec)) {
        this.pool.push(ABSENT);
        continue;
      }
      const v = rec[f];
      // command arguments: spread into the pool, after their count
      if (f === 'args' && e.kind === 'command') {
        const args = v as readonly string[];
        this.pool.push(args.length);
        for (const a of args) this.pool.push(a);
      } else this.pool.push(v);
    }
    return code;
  }

  /** Step k's line. */
  line(k: number): number {
    return this.cells[k * CELLS + LINE]!;
  }

  /** Step k's group, or null where it has none. */
  group(k: number): number | null {
    const m = this.cells[k * CELLS + GROUP]!;
    return m < 0 ? null : m;
  }

  /** Step k's event kind. */
  kind(k: number): E['kind'] {
    const code = this.cells[k * CELLS + KIND]! & 0xff;
    return code === RAW
      ? (this.pool[this.cells[k * CELLS + EVENT_AT]!] as E).kind
      : (this.kinds[code]! as E['kind']);
  }

  /** Step k's listing. */
  listing(k: number): L {
    return this.listings[this.cells[k * CELLS + KIND]! >> 8]!;
  }

  /** The index in {@link changes} of step k's first change (k may be `length`: the end). */
  changeStart(k: number): number {
    return k === 0 ? 0 : this.cells[(k - 1) * CELLS + CHANGE_END]!;
  }

  /** Step k's event, built afresh. */
  event(k: number): E {
    const code = this.cells[k * CELLS + KIND]! & 0xff;
    let at = this.cells[k * CELLS + EVENT_AT]!;
    if (code === RAW) return this.pool[at] as E;
    const kind = this.kinds[code]!;
    const e: Record<string, unknown> = { kind };
    for (const f of this.fields[kind]!) {
      const v = this.pool[at++];
      if (v === ABSENT) continue;
      if (f === 'args' && kind === 'command') {
        const count = v as number;
        e[f] = this.pool.slice(at, at + count);
        at += count;
      } else e[f] = v;
    }
    return e as unknown as E;
  }

  /** Step k's locals delta, or undefined when nothing changed there. */
  locals(k: number): LocalsDelta | undefined {
    let at = this.cells[k * CELLS + LOCALS_AT]!;
    if (at < 0) return undefined;
    const scope = this.pool[at++];
    const count = this.pool[at++] as number;
    const set: LocalsDelta['set'] = [];
    for (let i = 0; i < count; i++, at += 2)
      set.push([this.pool[at] as number, this.pool[at + 1] as LocalsDelta['set'][number][1]]);
    const out: LocalsDelta = { set };
    if (scope !== ABSENT) out.scope = scope as string[];
    const writes = this.pool[at++] as number;
    if (writes > 0) {
      const tables: TableWrite[] = [];
      for (let i = 0; i < writes; i++, at += 3)
        tables.push([
          this.pool[at] as string,
          this.pool[at + 1] as ShownValue,
          this.pool[at + 2] as ShownValue,
        ]);
      out.tables = tables;
    }
    return out;
  }

  /**
   * Calls `fn` with each write step k made into a shown table (its address, key and value),
   * nothing built; answers how many there were.
   */
  eachTableWrite(
    k: number,
    fn: (table: string, key: ShownValue, value: ShownValue) => void,
  ): number {
    let at = this.cells[k * CELLS + LOCALS_AT]!;
    if (at < 0) return 0;
    at += 2 + 2 * (this.pool[at + 1] as number);
    const writes = this.pool[at++] as number;
    for (let i = 0; i < writes; i++, at += 3)
      fn(this.pool[at] as string, this.pool[at + 1] as ShownValue, this.pool[at + 2] as ShownValue);
    return writes;
  }

  /** Whether step k carries a locals delta. */
  hasLocals(k: number): boolean {
    return this.cells[k * CELLS + LOCALS_AT]! >= 0;
  }

  /**
   * Calls `fn` with each (position, value) of step k's locals delta, after `scope(names)` when
   * the names in scope changed there; nothing is built. Answers false when the step has none.
   */
  eachLocal(
    k: number,
    scope: (names: readonly string[]) => void,
    fn: (position: number, value: LocalsDelta['set'][number][1]) => void,
  ): boolean {
    let at = this.cells[k * CELLS + LOCALS_AT]!;
    if (at < 0) return false;
    const names = this.pool[at++];
    const count = this.pool[at++] as number;
    if (names !== ABSENT) scope(names as string[]);
    for (let i = 0; i < count; i++, at += 2)
      fn(this.pool[at] as number, this.pool[at + 1] as LocalsDelta['set'][number][1]);
    return true;
  }

  /**
   * Step k as a plain {@link TraceStep}, frozen: built on demand, and the same object while it
   * is among the last few read.
   */
  step(k: number): TraceStep<E, L> {
    const slot = k % RECENT;
    if (this.recentAt[slot] === k) return this.recent[slot]!;
    const s: TraceStep<E, L> = {
      listing: this.listing(k),
      line: this.line(k),
      group: this.group(k),
      event: this.event(k),
      changes: this.changes.slice(this.changeStart(k), this.changeStart(k + 1)),
    };
    const locals = this.locals(k);
    if (locals) s.locals = locals;
    Object.freeze(s);
    this.recent[slot] = s;
    this.recentAt[slot] = k;
    return s;
  }

  /**
   * The trace as a read-only array of steps (indexing, `length`, iteration and the array
   * methods all work), each step built when it is read. The same view every call; ask for it
   * once the run has ended, since its length is fixed when it is made.
   */
  view(): readonly TraceStep<E, L>[] {
    this.arrayView ??= arrayOf(this);
    return this.arrayView;
  }
}

function sameKeys(e: AnyEvent, fields: readonly string[]): boolean {
  let i = 0;
  for (const key in e) {
    if (key === 'kind' && i === 0) continue;
    // skip the optional fields this event leaves out
    while (i < fields.length && fields[i] !== key && !(fields[i]! in e)) i++;
    if (fields[i] !== key) return false;
    i++;
  }
  return true;
}

/**
 * The key under which a view from {@link PackedTrace.view} answers its packed trace. A global
 * symbol, so a reader outside the simulator's chunk (the run index) can find the columns
 * without importing this module.
 */
export const PACKED_TRACE: unique symbol = Symbol.for('@batch-lease/redis-sim.packed-trace');

/** The packed trace behind a view from {@link PackedTrace.view}, or null for a plain array. */
export function packedTraceOf<E extends AnyEvent, L extends string>(
  steps: readonly TraceStep<E, L>[],
): PackedTrace<E, L> | null {
  return (steps as { [PACKED_TRACE]?: PackedTrace<E, L> })[PACKED_TRACE] ?? null;
}

function indexOf(p: string | symbol, n: number): number {
  if (typeof p !== 'string') return -1;
  const c = p.charCodeAt(0);
  if (c < 48 || c > 57) return -1;
  const i = Number(p);
  return Number.isInteger(i) && i >= 0 && i < n && String(i) === p ? i : -1;
}

function arrayOf<E extends AnyEvent, L extends string>(
  trace: PackedTrace<E, L>,
): readonly TraceStep<E, L>[] {
  const n = trace.length;
  // a real (empty) array as the target, so Array.isArray, JSON and the array methods see an array
  const target: TraceStep<E, L>[] = [];
  target.length = n;
  return new Proxy(target, {
    get(t, p, receiver) {
      if (p === PACKED_TRACE) return trace;
      const i = indexOf(p, n);
      return i >= 0 ? trace.step(i) : Reflect.get(t, p, receiver);
    },
    has(t, p) {
      return indexOf(p, n) >= 0 || Reflect.has(t, p);
    },
    getOwnPropertyDescriptor(t, p) {
      const i = indexOf(p, n);
      if (i < 0) return Reflect.getOwnPropertyDescriptor(t, p);
      return { value: trace.step(i), writable: false, enumerable: true, configurable: true };
    },
    ownKeys(t) {
      const keys: (string | symbol)[] = [];
      for (let i = 0; i < n; i++) keys.push(String(i));
      return [...keys, ...Reflect.ownKeys(t)];
    },
    set() {
      return false;
    },
    defineProperty() {
      return false;
    },
    deleteProperty() {
      return false;
    },
  });
}
