/**
 * The limits one script run gets from its server: its own step budget and time limit, cut to
 * what the typed line it belongs to has left, so the repeats of one line share one allowance.
 */
import type { CommandHost } from '../commands/types.ts';
import type { RunOptions } from '../lua/index.ts';

/** The budget, deadline and time limit's length for a script starting now. */
export function scriptLimits(
  host: CommandHost,
): Pick<RunOptions, 'budget' | 'deadline' | 'timeLimitMs'> {
  const limitMs = host.scriptTimeLimitMs;
  const allowance = host.workAllowance;
  let budget = host.scriptStepBudget;
  let deadline = limitMs === undefined ? Infinity : performance.now() + limitMs;
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

/** A run took `steps`: the line's allowance, if any, has that much less. */
export function spend(host: CommandHost, steps: number): void {
  if (host.workAllowance) host.workAllowance.steps -= steps;
}
