/**
 * Locals as a trace keeps them: each value shown by identity (tables and
 * functions are never copied), and only what changed since the previous step.
 */
import { readSlot, type Frame } from '../lua/interpreter/frame.ts';
import type { LocalInfo } from '../lua/interpreter/hook.ts';
import { LuaTable, fromLuaString, type LuaValue } from '../lua/values.ts';
import type { LocalsDelta, ShownValue } from '../trace-types.ts';

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

/** A Lua value as a step shows it. */
export function shown(v: LuaValue, addresses: RunAddresses): ShownValue {
  if (v === undefined) return null;
  if (typeof v === 'string') return fromLuaString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof LuaTable) return { table: addresses.of(v), length: v.length() };
  return { function: addresses.of(v) };
}

function same(a: ShownValue | undefined, b: ShownValue): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if ('table' in a && 'table' in b) return a.table === b.table && a.length === b.length;
    if ('function' in a && 'function' in b) return a.function === b.function;
  }
  return false;
}

/** Follows the running function's locals and answers, per step, what changed. */
export class LocalsTracker {
  private names: string[] = [];
  private values: ShownValue[] = [];
  private locals: readonly LocalInfo[] = [];
  private frame: Frame | null = null;
  /** the run's numbering of tables and functions */
  readonly addresses = new RunAddresses();

  /** The locals in scope and the frame they live in, from the latest statement event. */
  see(locals: readonly LocalInfo[], frame: Frame): void {
    this.locals = locals;
    this.frame = frame;
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

  /** The changes since the last call, or undefined when nothing changed. */
  delta(): LocalsDelta | undefined {
    const frame = this.frame;
    if (!frame) return undefined;
    const locals = this.locals;
    const out: LocalsDelta = { set: [] };
    const sameScope =
      locals.length === this.names.length && locals.every((l, i) => l.name === this.names[i]);
    if (!sameScope) {
      out.scope = locals.map((l) => l.name);
      this.names = out.scope;
      this.values.length = locals.length;
    }
    for (let i = 0; i < locals.length; i++) {
      const l = locals[i]!;
      const v = shown(readSlot(frame, l.slot, l.boxed), this.addresses);
      if (sameScope && same(this.values[i], v)) continue;
      this.values[i] = v;
      out.set.push([i, v]);
    }
    return out.scope || out.set.length > 0 ? out : undefined;
  }
}
