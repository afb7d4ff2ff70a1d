/**
 * Lua 5.1's coroutines (lbaselib.c's coroutine library over ldo.c's
 * lua_resume/lua_yield), as Redis 7.0.15 ships them. A coroutine runs its
 * function in the suspendable form (resumable.ts); resuming it drives that
 * generator to its next yield, its return or its error.
 *
 * Each coroutine has its own list of call lines (a Lua thread has its own
 * stack, so `error(msg, 2)` cannot see past the coroutine's first function),
 * swapped into the runtime while it runs; the stepper's function depth counts
 * a coroutine's frames only while it runs.
 */
import { formatLuaNumber } from '../number-text.ts';
import {
  LuaArgError,
  LuaError,
  LuaFunction,
  LuaTable,
  LuaThread,
  type LuaValue,
} from '../values.ts';
import type { Proto } from './compile-function.ts';
import { MAX_C_CALLS } from './c-calls.ts';
import { where } from './errors.ts';
import type { Box } from './frame.ts';
import { caughtValue } from './host.ts';
import { invokeCo, yieldFunction, type Co } from './resumable.ts';
import { S, type Runtime } from './runtime.ts';

/** What `coroutine.status` answers (statnames in lbaselib.c). */
export const COROUTINE_STATUSES = ['suspended', 'running', 'normal', 'dead'] as const;
/** One of {@link COROUTINE_STATUSES}. */
export type CoroutineStatus = (typeof COROUTINE_STATUSES)[number];

/** A coroutine: `type()` says "thread", `tostring` "thread: 0x…". */
export class Coroutine extends LuaThread {
  status: CoroutineStatus = 'suspended';
  /** Its function's run, from the first resume on. */
  private run: Co<LuaValue[]> | null = null;
  /** The call lines of its Lua functions active now (runtime.ts's callLines, of this thread). */
  readonly callLines: number[] = [];

  constructor(readonly fn: LuaFunction) {
    super();
  }

  /**
   * auxresume: `[true, …values yielded or returned]` or `[false, error value]`.
   * A step-budget stop is not a Lua error: it ends the whole run.
   */
  resume(args: LuaValue[]): LuaValue[] {
    if (this.status !== 'suspended') return [false, `cannot resume ${this.status} coroutine`];
    const rt = S.rt;
    // lua_resume's own check, before it touches the coroutine: it stays suspended
    if (rt.cCalls >= MAX_C_CALLS) return [false, 'C stack overflow'];
    const outer = running;
    const line = rt.line;
    const lines = rt.callLines;
    const cCalls = rt.cCalls;
    if (outer) outer.status = 'normal';
    this.status = 'running';
    running = this as Coroutine;
    rt.callLines = this.callLines;
    // lua_resume runs the coroutine one C call above its resumer, whoever that is this time
    rt.cCalls = cCalls + 1;
    shiftDepth(rt, this.callLines.length);
    try {
      let step: IteratorResult<LuaValue[], LuaValue[]>;
      if (this.run === null) {
        // its first function is called from C: no line of another thread is its caller
        rt.line = -1;
        this.run = invokeCo(this.fn.proto as Proto, this.fn.up as Box[], args);
        step = this.run.next();
      } else step = this.run.next(args);
      this.status = step.done ? 'dead' : 'suspended';
      return [true, ...step.value];
    } catch (e) {
      this.status = 'dead';
      return [false, caughtValue(e)];
    } finally {
      shiftDepth(rt, -this.callLines.length);
      rt.cCalls = cCalls;
      rt.callLines = lines;
      rt.line = line;
      running = outer;
      if (outer) outer.status = 'running';
    }
  }
}

/** The coroutine running now; null on the main thread. */
let running: Coroutine | null = null;

function shiftDepth(rt: Runtime, by: number): void {
  const hook = rt.hook;
  if (!hook) return;
  for (let i = 0; i < by; i++) hook.depth(1);
  for (let i = 0; i > by; i--) hook.depth(-1);
}

/** luaB_cocreate's check: only a Lua function can be a coroutine's body. */
function luaFunctionArg(args: LuaValue[]): LuaFunction {
  const f = args[0];
  if (f instanceof LuaFunction && f.proto !== null) return f;
  throw new LuaArgError(1, 'Lua function expected');
}

function coroutineArg(args: LuaValue[]): Coroutine {
  const co = args[0];
  if (co instanceof Coroutine) return co;
  throw new LuaArgError(1, 'coroutine expected');
}

/** luaB_auxwrap: resumes, and raises a failure in the caller, a string one with the caller's position. */
function wrapped(co: Coroutine): LuaFunction {
  return new LuaFunction('?', (args) => {
    const line = S.rt.line;
    const r = co.resume(args);
    if (r[0] === true) return r.slice(1);
    const e = r[1];
    if (typeof e === 'string') throw new LuaError(where(line) + e);
    if (typeof e === 'number') throw new LuaError(where(line) + formatLuaNumber(e));
    throw new LuaError(e);
  });
}

/** The `coroutine` table of the globals. */
export function createCoroutineLib(): LuaTable {
  const t = new LuaTable();
  const set = (name: string, call: (args: LuaValue[]) => LuaValue[]): void =>
    t.set(name, new LuaFunction(name, call));
  set('create', (args) => [new Coroutine(luaFunctionArg(args))]);
  set('resume', (args) => coroutineArg(args).resume(args.slice(1)));
  set('running', () => [running ?? undefined]);
  set('status', (args) => [coroutineArg(args).status]);
  set('wrap', (args) => [wrapped(new Coroutine(luaFunctionArg(args)))]);
  t.set('yield', yieldFunction);
  return t;
}
