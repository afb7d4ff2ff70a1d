/**
 * The state of one script run, shared by every compiled closure: the line
 * being executed (for the positions of errors raised by builtins), the call
 * lines (for `error(msg, 2)`), the step budget, and the hook the stepper
 * attaches. A run sets {@link current}; JS is single-threaded and a script
 * cannot start another script, so one slot is enough.
 */
import { LuaError, type LuaTable, type LuaValue } from '../values.ts';
import { ChunkNames } from './chunk-names.ts';
import type { StepHook } from './hook.ts';
import { workMeter } from '../work-meter.ts';

/** Statements and loop tests a run may execute before it is stopped. */
export const DEFAULT_STEP_BUDGET = 50_000_000;

/** The running script's state: where it is, its step budget, its call stack. */
export interface Runtime {
  /** Line of the statement or call running now; -1 while a builtin calls a function (a C caller). */
  line: number;
  /** Lines of the call sites of the Lua functions active now (innermost last). */
  callLines: number[];
  /** Statements executed so far, and the work builtins charged (see {@link chargeWork}). */
  steps: number;
  budget: number;
  /** The step count at which {@link tick} next looks: the budget, or the next clock reading. */
  limit: number;
  /** When the run must end, on `performance.now()`'s clock; Infinity when it has no limit. */
  deadline: number;
  /** Bytes the run's builtins have allocated so far (see {@link chargeHeap}). */
  heap: number;
  /** Told the running line whenever the clock is read (a host that cannot ask the run). */
  at: ((line: number) => void) | null;
  /** Attached by the stepper; null on the one-shot path, where nothing is recorded. */
  hook: StepHook | null;
  /** The globals table (read-only once the environment is built). */
  globals: LuaTable;
  /** The metatable strings share (its `__index` is the string library). */
  stringMeta: LuaTable | null;
  /** The protocol the script's client speaks: 2 until `redis.setresp(3)` (each run starts at 2). */
  resp: 2 | 3;
  /**
   * The error function an error raised now is handed to (lua_State's errfunc): Redis's own
   * `__redis__err__handler` for the script's run, none inside pcall or a coroutine, an xpcall's
   * handler inside that xpcall. Lua calls it where the error is raised; here it matters where
   * an error is caught without unwinding to a pcall (load's reader) and at the top.
   */
  errfunc: ErrorFunction;
  /** The chunks the run has loaded (`loadstring`), so an error names the one it was raised in. */
  chunks: ChunkNames;
  /**
   * Lua's count of nested C calls (`nCcalls`, c-calls.ts): 1 while the script's own function
   * runs, as Redis calls it with lua_pcall; one more for each C call or metamethod under way.
   */
  cCalls: number;
}

/** See {@link Runtime.errfunc}: `redis` is Redis's handler, null none, else the xpcall handler. */
export type ErrorFunction = LuaValue | null | typeof REDIS_HANDLER;
/** Redis's `__redis__err__handler`, the error function of every script run. */
export const REDIS_HANDLER: unique symbol = Symbol('redis error handler');

/** The run in progress. */
export const S: { rt: Runtime } = {
  rt: undefined as unknown as Runtime,
};

/** Steps between two readings of the clock: reading it on every step would cost more than the step. */
const CLOCK_EVERY = 1 << 16;

/**
 * What a run may allocate through its builtins (strings they build, tables made), in bytes.
 * Lua's collector frees what a script drops, which the simulator cannot see, so this counts
 * every allocation of the run: generous for any script that keeps what it makes, and the
 * point where a script that only allocates meets Lua's own `not enough memory`.
 */
export const HEAP_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * A fresh runtime over a globals table; `deadline` on `performance.now()`'s clock; `source` the
 * chunk name of the code it runs (a script's unless said).
 */
export function newRuntime(
  globals: LuaTable,
  hook: StepHook | null,
  budget: number,
  deadline = Infinity,
  at: ((line: number) => void) | null = null,
  source?: string,
): Runtime {
  const limit = deadline === Infinity && at === null ? budget : Math.min(budget, CLOCK_EVERY);
  return {
    line: 0,
    callLines: [],
    steps: 0,
    budget,
    limit,
    deadline,
    heap: 0,
    at,
    hook,
    globals,
    stringMeta: null,
    resp: 2,
    errfunc: REDIS_HANDLER,
    chunks: new ChunkNames(source),
    cCalls: 1,
  };
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

/**
 * Thrown when a run passes its wall-clock limit (the simulator's `lua-time-limit`): like the
 * budget's stop, not a Lua error, so pcall cannot catch it.
 */
export class ScriptTimeLimit extends StepBudgetExceeded {
  constructor(
    /** when the run had to end, on `performance.now()`'s clock (not the limit's length) */
    readonly deadline: number,
    line: number,
  ) {
    super(0, line);
    this.message = `time limit reached at line ${line} (its deadline was ${Math.round(deadline)} ms on the clock)`;
  }
}

/**
 * Thrown when a command the script sent met one of the simulator's own limits (the keyspace's
 * ceiling): like the budget's stop, not a Lua error, so pcall cannot catch it; the run ends
 * with `message` as its error reply.
 */
export class SimulatorStop extends StepBudgetExceeded {
  constructor(text: string, line: number) {
    super(0, line);
    this.message = text;
  }
}

/** The step count passed the run's limit: the budget is spent, or it is time to read the clock. */
function pastLimit(rt: Runtime, line: number): void {
  if (rt.steps > rt.budget) throw new StepBudgetExceeded(rt.budget, line);
  rt.at?.(line);
  if (performance.now() > rt.deadline) throw new ScriptTimeLimit(rt.deadline, line);
  rt.limit = Math.min(rt.budget, rt.steps + CLOCK_EVERY);
}

/** Counts one step and stops a runaway script. */
export function tick(rt: Runtime, line: number): void {
  if (++rt.steps > rt.limit) pastLimit(rt, line);
}

/**
 * Charges the running script `units` steps for work a builtin does (a byte scanned or built
 * counts a fraction of a step, a pattern's backtrack one), so a loop of library calls meets
 * the same budget as a loop of statements. Nothing outside a run.
 */
export function chargeWork(units: number): void {
  const rt = S.rt as Runtime | undefined;
  if (rt === undefined) return;
  rt.steps += units;
  if (rt.steps > rt.limit) pastLimit(rt, rt.line);
}

/**
 * Reads the clock now, whatever the step count: after work no charge can measure (a command's
 * own, such as a union of big sets it stores and answers with a count), so the time limit ends
 * the script within one such call, not 65,536 steps of them later. Called right after a charge,
 * so a replay given the steps the run took stops at the same point. The line is not told
 * (`at`): the regular readings tell it, and a call of every command would be too many.
 */
export function readClock(): void {
  const rt = S.rt as Runtime | undefined;
  if (rt === undefined || rt.deadline === Infinity) return;
  if (performance.now() > rt.deadline) throw new ScriptTimeLimit(rt.deadline, rt.line);
}

/** Bytes of string work that count one step: about what a statement costs the engine. */
export const BYTES_PER_STEP = 64;

/** Charges the work of scanning or building `bytes` bytes. */
export function chargeBytes(bytes: number): void {
  chargeWork(1 + Math.floor(bytes / BYTES_PER_STEP));
}

/**
 * Charges the work of reading a string inside an operation a step already paid for (hashing a
 * table key, reading a number's text): a step per 64 bytes, so nothing for a string shorter
 * than that, and a normal script's step count (which the stepper's budgets are made of) stays.
 */
export function chargeScan(bytes: number): void {
  if (bytes >= BYTES_PER_STEP) chargeWork(Math.floor(bytes / BYTES_PER_STEP));
}
// the tables (below this module) hash their keys through the meter
workMeter.scan = chargeScan;

/**
 * Counts `bytes` a builtin allocates against {@link HEAP_LIMIT_BYTES}, and charges the work
 * of making them. Past the limit the run gets Lua's own error for a failed allocation, which
 * pcall catches as it catches a real one.
 */
export function chargeHeap(bytes: number): void {
  const rt = S.rt as Runtime | undefined;
  if (rt === undefined) return;
  rt.heap += bytes;
  if (rt.heap > HEAP_LIMIT_BYTES) {
    // counted once: a handler that catches it may go on with what is already made
    rt.heap -= bytes;
    throw new LuaMemoryError();
  }
  chargeBytes(bytes);
}

/**
 * Lua's memory error (LUA_ERRMEM): a Lua error pcall catches as `not enough memory`, which
 * Redis, when nothing catches it, answers without a position and without its error handler:
 * `ERR Error running script <sha>, not enough memory`.
 */
export class LuaMemoryError extends LuaError {
  constructor() {
    super('not enough memory');
  }
}

/** Keeps TypeScript honest about values it cannot see are defined. */
export type Slots = LuaValue[];
