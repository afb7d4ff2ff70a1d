/**
 * The server a console starts from: the stepper's server as it stands after the first k
 * steps of its run (k = 0 is the scenario's keyspace before the run, k = n the keyspace after
 * it), as an independent copy, so nothing typed in the console reaches the stepper's run.
 */
import { STEPPER_RUN_ID } from '../stepper/runs/trace-source.ts';
import { READ_ONLY_USER, readOnlyRules, serverFor } from '../scenario/server.ts';
import type { Scenario } from '../scenario/types.ts';
import { isError, type Change, type SimServer } from '../sim/index.ts';

/** A forked server and the user the console connects as (the scenario's caller). */
export interface Fork {
  server: SimServer;
  user: string;
}

/**
 * Forks the run at step k. The read-only user `reader` always exists on the fork, so a
 * learner can `AUTH reader any` to meet the NOPERM the native twin answers it; the console
 * connects as the scenario's own caller. The clock starts at the scenario's and then moves
 * with real time, so a key given a time to live counts down as on a real server.
 */
export function forkAt(
  scenario: Scenario,
  steps: readonly { changes: readonly Change[] }[],
  k: number,
  elapsed: () => number = realElapsed(),
): Fork {
  // the stepper's run_id, but not its step budget: a script typed here is not traced, so it
  // runs as long as the engine lets any script run
  const server = serverFor(scenario, STEPPER_RUN_ID);
  const made = server.call(['ACL', 'SETUSER', READ_ONLY_USER, ...readOnlyRules(scenario.queue)]);
  if (isError(made)) throw new Error(`the read-only user could not be made: ${made.error}`);
  for (const step of steps.slice(0, Math.max(0, k))) {
    for (const c of step.changes) server.keyspace.apply(c, 'after');
  }
  server.setClock(() => scenario.clockMs + elapsed());
  return { server, user: scenario.caller === 'full' ? 'default' : READ_ONLY_USER };
}

/** Milliseconds since the call, on the host's monotonic clock. */
function realElapsed(): () => number {
  const start = performance.now();
  return () => performance.now() - start;
}
