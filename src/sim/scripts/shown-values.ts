/**
 * Locals as a trace keeps them: each value shown by identity (tables and
 * functions are never copied), and only what changed since the previous step.
 */
import { addressOf } from '../lua/lib/base.ts';
import { readSlot, type Frame } from '../lua/interpreter/frame.ts';
import type { LocalInfo } from '../lua/interpreter/hook.ts';
import { LuaTable, fromLuaString, type LuaValue } from '../lua/values.ts';
import type { LocalsDelta, ShownValue } from '../trace-types.ts';

/** A Lua value as a step shows it. */
export function shown(v: LuaValue): ShownValue {
  if (v === undefined) return null;
  if (typeof v === 'string') return fromLuaString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof LuaTable) return { table: addressOf(v), length: v.length() };
  return { function: addressOf(v) };
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
      const v = shown(readSlot(frame, l.slot, l.boxed));
      if (sameScope && same(this.values[i], v)) continue;
      this.values[i] = v;
      out.set.push([i, v]);
    }
    return out.scope || out.set.length > 0 ? out : undefined;
  }
}
