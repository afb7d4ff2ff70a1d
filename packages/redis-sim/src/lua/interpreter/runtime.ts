/**
 * The state of one script run, shared by every compiled closure: the line
 * being executed (for the positions of errors raised by builtins), the call
 * lines (for `error(msg, 2)`), the step budget, and the hook the stepper
 * attaches. A run sets {@link current}; JS is single-threaded and a script
 * cannot start another script, so one slot is enough.
 */
import type { LuaTable, LuaValue } from '../values.ts';
import type { StepHook } from './hook.ts';

/** Statements and loop tests a run may execute before it is stopped. */
export const DEFAULT_STEP_BUDGET = 50_000_000;

export interface Runtime {
  /** Line of the statement or call running now; -1 while a builtin calls a function (a C caller). */
  line: number;
  /** Lines of the call sites of the Lua functions active now (innermost last). */
  callLines: number[];
  /** Statements executed so far. */
  steps: number;
  budget: number;
  /** Attached by the stepper; null on the one-shot path, where nothing is recorded. */
  hook: StepHook | null;
  /** The globals table (read-only once the environment is built). */
  globals: LuaTable;
  /** The metatable strings share (its `__index` is the string library). */
  stringMeta: LuaTable | null;
  /** The protocol the script's client speaks: 2 until `redis.setresp(3)` (each run starts at 2). */
  resp: 2 | 3;
}

/** The run in progress. */
export const S: { rt: Runtime } = {
  rt: undefined as unknown as Runtime,
};

/** A fresh runtime over a globals table. */
export function newRuntime(globals: LuaTable, hook: StepHook | null, budget: number): Runtime {
  return { line: 0, callLines: [], steps: 0, budget, hook, globals, stringMeta: null, resp: 2 };
}

/** Thrown when the step budget runs out: not a Lua error, so pcall cannot catch it. */
export class StepBudgetExceeded extends Error {
  constructor(
    readonly steps: number,
    readonly line: number,
  ) {
    super(`step budget of ${steps} exhausted at line ${line}`);
  }
}

/** Counts one step and stops a runaway script. */
export function tick(rt: Runtime, line: number): void {
  if (++rt.steps > rt.budget) throw new StepBudgetExceeded(rt.budget, line);
}

/** Keeps TypeScript honest about values it cannot see are defined. */
export type Slots = LuaValue[];
