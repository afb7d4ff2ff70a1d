/** The activation of one Lua function: its local slots, varargs and upvalues. */
import type { LuaValue } from '../values.ts';

/** A local captured by a closure lives in a box, shared by every closure that sees it. */
export interface Box {
  v: LuaValue;
}

/** One activation of a compiled function: its local slots and varargs. */
export interface Frame {
  /** Local slots; a captured local's slot holds its {@link Box}. */
  r: unknown[];
  /** The `...` of this call. */
  va: LuaValue[];
  /** The upvalues of the running closure. */
  up: Box[];
  /** Set by `return`: the values it returns. */
  ret: LuaValue[];
}

/** Reads a local of a frame, boxed or not (for the stepper's locals panel). */
export function readSlot(frame: Frame, slot: number, boxed: boolean): LuaValue {
  const v = frame.r[slot];
  return boxed ? (v as Box | undefined)?.v : (v as LuaValue);
}
