/**
 * Locals as a trace keeps them: each value shown by identity (tables and
 * functions are never copied), and only what changed since the previous step.
 */
import {
  LuaTable,
  fromLuaString,
  readSlot,
  type Frame,
  type LocalInfo,
  type LuaValue,
  type TableWatcher,
} from '../lua/index.ts';
import type { LocalsDelta, ShownValue, TableWrite } from '../trace-types.ts';

/**
 * The addresses a run's trace shows for its tables and functions, numbered from the same
 * start in order of first sight. Per run, not per process: the build's prerendered run and
 * the browser's own run of the same scenario must read alike, or hydration would differ.
 */
export class RunAddresses {
  private readonly ids = new WeakMap<object, string>();
  private next = 0x55d0c0a01000;
  of(v: object): string {
    let a = this.ids.get(v);
    if (!a) {
      a = `0x${this.next.toString(16)}`;
      this.next += 0x40;
      this.ids.set(v, a);
    }
    return a;
  }
}

/**
 * The most characters of a string a step keeps. A trace keeps a local's value at every step
 * it changes, so a script that rebuilds a megabyte string in a loop would keep a megabyte per
 * step; past this length a step keeps the start and says how long the whole string is.
 */
export const SHOWN_STRING_CHARS = 1024;

/** A long string as a step keeps it: its start, and a note of its length. */
function cutString(v: string): string {
  const text = fromLuaString(v.slice(0, SHOWN_STRING_CHARS));
  return `${text}… [${v.length.toLocaleString('en-US')} bytes; the trace keeps the first ${SHOWN_STRING_CHARS.toLocaleString('en-US')}]`;
}

/** A Lua value as a step shows it. */
export function shown(v: LuaValue, addresses: RunAddresses): ShownValue {
  if (v === undefined) return null;
  if (typeof v === 'string') return v.length > SHOWN_STRING_CHARS ? cutString(v) : fromLuaString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof LuaTable) return { table: addresses.of(v), length: v.length() };
  return { function: addresses.of(v) };
}

function same(a: ShownValue | undefined, b: ShownValue): boolean {
  // numbers by Object.is: NaN stays NaN, and -0 (which Lua prints as -0) is not 0
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if ('table' in a && 'table' in b) return a.table === b.table && a.length === b.length;
    if ('function' in a && 'function' in b) return a.function === b.function;
  }
  return false;
}

/**
 * Follows the running function's locals and answers, per step, what changed. A delta names the
 * scope only when the names in scope changed, and sets only the positions whose value is new:
 * a position that keeps its name and its value across a scope change (the outer locals when a
 * loop body is entered) is not sent again, so a long trace holds one cell per real change.
 */
export class LocalsTracker implements TableWatcher {
  /** the tables this run watches (their writes are told here), unhooked when the run ends */
  private readonly watched: LuaTable[] = [];
  /** the writes into watched tables since the last delta */
  private writes: TableWrite[] = [];
  private names: readonly string[] = [];
  private values: ShownValue[] = [];
  /** the raw value each position's shown value was made from, to skip re-showing it */
  private raws: LuaValue[] = [];
  private locals: readonly LocalInfo[] = [];
  private frame: Frame | null = null;
  /** the scope of the last delta, by the compiler's array for it (the same array per statement) */
  private lastLocals: readonly LocalInfo[] | null = null;
  /** each statement's names, shared by every statement with the same names */
  private readonly namesOf = new WeakMap<readonly LocalInfo[], readonly string[]>();
  private readonly internedNames = new Map<string, readonly string[]>();
  /** the run's numbering of tables and functions */
  readonly addresses = new RunAddresses();
  /**
   * Whether a statement has started since the last delta. A local's slot changes only by a
   * statement (an assignment, a loop's step, a call whose Lua code assigns), and every
   * statement is announced before it runs; so while none has started, only a table's `#`
   * (which a native call such as table.insert can move) needs looking at again.
   */
  private ran = true;

  /**
   * Starts telling a table's writes: its entries as they stand now (once), then each write as
   * the table makes it. A table it holds is watched too, so nested tables read as they stand.
   */
  private watch(first: LuaTable): void {
    const queue = [first];
    while (queue.length > 0) {
      const t = queue.pop()!;
      if (t.watcher === this) continue;
      t.watcher = this;
      this.watched.push(t);
      const at = this.addresses.of(t);
      for (let e = t.next(undefined); e !== undefined; e = t.next(e[0])) {
        const [k, v] = e;
        this.writes.push([at, shown(k, this.addresses), shown(v, this.addresses)]);
        if (v instanceof LuaTable && v.watcher !== this) queue.push(v);
      }
    }
  }

  /** A watched table stored `value` at `key` (TableWatcher). */
  wrote(table: LuaTable, key: LuaValue, value: LuaValue): void {
    this.writes.push([
      this.addresses.of(table),
      shown(key, this.addresses),
      shown(value, this.addresses),
    ]);
    if (value instanceof LuaTable) this.watch(value);
  }

  /** Ends the run: no table tells this tracker of its writes any more. */
  release(): void {
    for (const t of this.watched) if (t.watcher === this) t.watcher = null;
    this.watched.length = 0;
  }

  /** The locals in scope and the frame they live in, from the latest statement event. */
  see(locals: readonly LocalInfo[], frame: Frame): void {
    this.locals = locals;
    this.frame = frame;
    this.ran = true;
  }

  /** A statement is about to run where locals are not followed (inside a called function). */
  ranElsewhere(): void {
    this.ran = true;
  }

  /** The current value of a local by name (innermost first), or undefined when none is in scope. */
  read(name: string): { value: LuaValue } | undefined {
    if (!this.frame) return undefined;
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const info = this.locals[i]!;
      if (info.name === name) return { value: readSlot(this.frame, info.slot, info.boxed) };
    }
    return undefined;
  }

  private namesInScope(locals: readonly LocalInfo[]): readonly string[] {
    let names = this.namesOf.get(locals);
    if (!names) {
      const list = locals.map((l) => l.name);
      const key = list.join('\u0000');
      names = this.internedNames.get(key);
      if (!names) {
        names = Object.freeze(list);
        this.internedNames.set(key, names);
      }
      this.namesOf.set(locals, names);
    }
    return names;
  }

  /** The changes since the last call, or undefined when nothing changed. */
  delta(): LocalsDelta | undefined {
    const frame = this.frame;
    if (!frame) return undefined;
    const locals = this.locals;
    let scope: readonly string[] | undefined;
    // positions below `kept` hold the same names as before, so only a new value is news there
    let kept = locals.length;
    if (locals !== this.lastLocals) {
      const names = this.namesInScope(locals);
      if (names !== this.names) {
        const before = this.names;
        kept = 0;
        while (kept < names.length && kept < before.length && names[kept] === before[kept]) kept++;
        scope = names;
        this.names = names;
        this.values.length = names.length;
        this.raws.length = names.length;
      }
      this.lastLocals = locals;
    }
    let set: LocalsDelta['set'] | undefined;
    const ran = this.ran || scope !== undefined;
    this.ran = false;
    for (let i = 0; i < locals.length; i++) {
      const old = this.values[i];
      // no statement since the last look: a slot still holds what it held
      if (!ran && !(typeof old === 'object' && old !== null && 'table' in old)) continue;
      const l = locals[i]!;
      const raw = readSlot(frame, l.slot, l.boxed);
      if (i < kept && unchanged(old, this.raws[i], raw)) continue;
      const v = shown(raw, this.addresses);
      if (raw instanceof LuaTable) this.watch(raw);
      this.raws[i] = raw;
      if (i < kept && same(old, v)) continue;
      this.values[i] = v;
      (set ??= []).push([i, v]);
    }
    const writes = this.writes;
    if (!scope && !set && writes.length === 0) return undefined;
    const out: LocalsDelta = { set: set ?? [] };
    // the interned names are shared by every delta that names them: read-only
    if (scope) out.scope = scope as string[];
    if (writes.length > 0) {
      out.tables = writes;
      this.writes = [];
    }
    return out;
  }
}

/**
 * Whether a position still shows what it showed, without building a shown value: the same raw
 * value as last time (a string shows the same text; a table the same address, if its `#` has
 * not moved), or a number or boolean equal to the one shown.
 */
function unchanged(old: ShownValue | undefined, lastRaw: LuaValue, raw: LuaValue): boolean {
  if (old === undefined) return false;
  if (raw === undefined) return old === null;
  if (typeof raw === 'number') return Object.is(old, raw);
  if (typeof raw === 'boolean') return old === raw;
  if (raw !== lastRaw) return false;
  if (raw instanceof LuaTable)
    return typeof old === 'object' && old !== null && 'table' in old && old.length === raw.length();
  return true;
}
