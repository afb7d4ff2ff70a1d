/**
 * A console's fork as data: what the page knows of the step it forks at, sent to where the
 * console's server lives (a worker, or the page where none starts), which makes the fork there
 * (`fork.ts`). It carries no server, so the page's side of the console may use it.
 */
import type { Scenario } from '../scenario/index.ts';
import type { Change } from '@batch-lease/redis-sim/client';

/**
 * A fork as data, so it can be made where the console's server lives (a worker): the
 * scenario, the keyspace changes of the steps before the fork, and the run's script.
 */
export interface ForkSpec {
  scenario: Scenario;
  /** the changes of each of the first k steps of the run */
  changes: readonly (readonly Change[])[];
  script: string | null;
}

/** The spec of a fork at step k of a run (what `forkAt` in `fork.ts` would fork). */
export function forkSpecAt(
  scenario: Scenario,
  steps: readonly { changes: readonly Change[] }[],
  k: number,
  script: string | null,
): ForkSpec {
  return { scenario, changes: steps.slice(0, Math.max(0, k)).map((s) => s.changes), script };
}
