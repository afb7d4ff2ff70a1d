/**
 * The limits one script run gets from its server: its own step budget and time limit, cut to
 * what the typed line it belongs to has left, so the repeats of one line share one allowance.
 */
import type { CommandHost } from '../commands/types.ts';
import type { CompileLimits, RunOptions } from '../lua/index.ts';

/**
 * The budget, deadline and time limit's length for a script whose command started at `start`
 * (on `performance.now()`'s clock): EVAL's compile and run share one clock.
 */
export function scriptLimits(
  host: CommandHost,
  start = performance.now(),
): Pick<RunOptions, 'budget' | 'deadline' | 'timeLimitMs'> {
  const limitMs = host.scriptTimeLimitMs;
  const allowance = host.workAllowance;
  let budget = host.scriptStepBudget;
  let deadline = limitMs === undefined ? Infinity : start + limitMs;
  let timeLimitMs = limitMs;
  if (allowance) {
    budget = Math.min(budget ?? Infinity, allowance.steps);
    if (allowance.deadline < deadline) {
      deadline = allowance.deadline;
      timeLimitMs = allowance.limitMs;
    }
  }
  return {
    budget: budget === undefined || budget === Infinity ? undefined : budget,
    deadline,
    timeLimitMs,
  };
}

/**
 * The limits of a script's compile (EVAL's, SCRIPT LOAD's) for a command that started at
 * `start`: its run's clock, and the steps the typed line has left, which its run then shares;
 * not a run's step budget, which bounds one run (a traced run's may be a few thousand steps,
 * less than compiling a script of a few dozen lines), so EVAL's run gets what SCRIPT LOAD and
 * EVALSHA's would.
 */
export function compileLimits(host: CommandHost, start = performance.now()): CompileLimits {
  const { deadline, timeLimitMs } = scriptLimits(host, start);
  return { budget: host.workAllowance?.steps, deadline, timeLimitMs };
}

/** A run took `steps`: the line's allowance, if any, has that much less. */
export function spend(host: CommandHost, steps: number): void {
  if (host.workAllowance) host.workAllowance.steps -= steps;
}

/** Bytes of a script's text hashed for a step: the engine's rate for reading a string. */
const HASHED_BYTES_PER_STEP = 64;

/**
 * A script's text of `bytes` bytes was hashed (EVAL and SCRIPT LOAD hash it each time, as a
 * real server does): the typed line's allowance, if any, has that work less, down to none.
 */
export function spendHash(host: CommandHost, bytes: number): void {
  const allowance = host.workAllowance;
  if (!allowance) return;
  const steps = Math.floor(bytes / HASHED_BYTES_PER_STEP);
  allowance.steps = Math.max(0, allowance.steps - steps);
}
