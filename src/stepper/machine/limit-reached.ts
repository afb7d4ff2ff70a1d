/**
 * Whether a run of the learner's script ended at one of the simulator's own limits, where a
 * real server would still be running it: the worker's time limit, or any stop the simulator
 * names ({@link simulatorStopOf}: the step budget, the keyspace's ceiling, the script's heap,
 * the pattern matcher's cap). A link to such a run says so (`limit=1`), so it reopens with
 * the script shown, not run (the machine's `held`).
 */
import { isError, simulatorStopOf, type Reply } from '@batch-lease/redis-sim/client';
import type { RunIndex } from '../runs/run-index.ts';
import type { UnavailableRun } from '../runs/trace-source.ts';

/**
 * Whether a script's reply is one of the simulator's limits, as the simulator itself tells them.
 * A command the simulator does not model also ends a run, but at once and at the same place on
 * any machine: no limit, so a link to that run replays it.
 */
export function isLimitReply(reply: Reply): boolean {
  if (!isError(reply)) return false;
  const stop = simulatorStopOf(reply.error);
  return stop !== null && stop !== 'unmodelled';
}

/** Whether a run (or the reason there is none) ended at one of the simulator's limits. */
export function reachedLimit(ix: RunIndex | UnavailableRun | { status: 'loading' }): boolean {
  if ('n' in ix) return isLimitReply(ix.run.reply);
  return ix.status === 'unavailable' && ix.ended === 'time-limit';
}
