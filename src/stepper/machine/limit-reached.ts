/**
 * Whether a run of the learner's script ended at one of the simulator's own limits, where a
 * real server would still be running it: the worker's time limit, the step budget, the
 * keyspace's ceiling (the simulator's stop), or the script's heap (Lua's `not enough memory`,
 * uncaught). A link to such a run says so (`limit=1`), so it reopens with the script shown,
 * not run (the machine's `held`).
 */
import { isError, type Reply } from '@batch-lease/redis-sim/client';
import type { RunIndex } from '../runs/run-index.ts';
import type { UnavailableRun } from '../runs/trace-source.ts';

/** The replies of the simulator's stops and of a script's heap spent, as the engine words them. */
const LIMIT_REPLY =
  /^ERR the simulator stopped |^ERR Error running script [0-9a-f]{40}, not enough memory$/;

/** Whether a script's reply is one of the simulator's limits. */
export const isLimitReply = (reply: Reply): boolean =>
  isError(reply) && LIMIT_REPLY.test(reply.error);

/** Whether a run (or the reason there is none) ended at one of the simulator's limits. */
export function reachedLimit(ix: RunIndex | UnavailableRun | { status: 'loading' }): boolean {
  if ('n' in ix) return isLimitReply(ix.run.reply);
  return ix.status === 'unavailable' && ix.ended === 'time-limit';
}
