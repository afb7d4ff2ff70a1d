/**
 * What the interpreter tells a stepper while it runs. With no hook attached
 * nothing here is called (the one-shot path records nothing).
 */
import type * as A from '../ast.ts';
import type { Reply } from '../../trace-types.ts';
import type { LuaValue } from '../values.ts';
import type { Frame } from './frame.ts';

/** A local variable as the compiler laid it out: its name and its slot in the frame. */
export interface LocalInfo {
  name: string;
  slot: number;
  /** Captured by a closure: the slot holds a box (`{ v }`) rather than the value. */
  boxed: boolean;
}

/** What kind of point in the script a {@link StepHook.statement} call marks. */
export type PointKind = 'statement' | 'loop-test';

/** The stepper's view of a running script. */
export interface StepHook {
  /**
   * A statement (or a loop test) is about to run at `line`; `locals` are the
   * locals in scope there, innermost last, readable from `frame`.
   */
  statement(
    kind: PointKind,
    line: number,
    locals: readonly LocalInfo[],
    frame: Frame,
    node: A.Statement,
  ): void;
  /** An `if`/`elseif` test was decided (`clause` counts from 0). */
  branch(line: number, node: A.IfStatement, clause: number, taken: boolean): void;
  /** A loop test was decided. */
  loopTest(line: number, enters: boolean): void;
  /** One operand of an `and`/`or` chain (`node`, its outermost expression) was evaluated. */
  operand(line: number, node: A.LogicalExpression, index: number, value: LuaValue): void;
  /** `redis.call`/`redis.pcall` ran a command; `raises` when redis.call is about to raise its error reply. */
  command(line: number, args: readonly string[], reply: Reply, raises: boolean): void;
  /** The function depth changed (a Lua function was entered or left). */
  depth(delta: 1 | -1): void;
}
