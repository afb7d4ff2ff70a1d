/**
 * The server a console starts from: the stepper's server as it stands after the first k
 * steps of its run (k = 0 is the scenario's keyspace before the run, k = n the keyspace after
 * it), as an independent copy, so nothing typed in the console reaches the stepper's run.
 */
import { STEPPER_RUN_ID } from '../stepper/simulate.ts';
import { READ_ONLY_USER, readOnlyRules, serverFor } from '../scenario/server.ts';
import type { Scenario } from '../scenario/index.ts';
import { type SimServer } from '@batch-lease/redis-sim';
import { isError, type Change } from '@batch-lease/redis-sim/client';
import { BATCH_SHA } from '@batch-lease/echomq';
import type { ForkSpec } from './fork-spec.ts';
import { runLineOf, shownLine } from './run-line.ts';

/** A forked server and the user the console connects as (the scenario's caller). */
export interface Fork {
  server: SimServer;
  user: string;
  /** what the console says about the fork when it connects (the run's script and its SHA) */
  notes?: string[];
}

/** What else a fork needs to know about the run it forks. */
export interface ForkOptions {
  /**
   * The script text the run loaded and ran, when it is not the lesson's (a what-if or the
   * learner's edit): the stepper's server took it with SCRIPT LOAD before its EVALSHA, so the
   * fork's script cache holds it too, and `EVALSHA <its sha> …` typed in the console runs it.
   */
  script?: string | null;
  /** the clock's advance since the fork, in ms (real time unless a test says otherwise) */
  elapsed?: () => number;
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
  { script = null, elapsed = realElapsed() }: ForkOptions = {},
): Fork {
  // the stepper's run_id, but not its step budget: a script typed here is not traced, so it
  // runs as long as the engine lets any script run
  const server = serverFor(scenario, STEPPER_RUN_ID);
  const made = server.call(['ACL', 'SETUSER', READ_ONLY_USER, ...readOnlyRules(scenario.queue)]);
  if (isError(made)) throw new Error(`the read-only user could not be made: ${made.error}`);
  // a text that does not compile was refused by the run's SCRIPT LOAD, and is not cached there
  // either; the lesson's scripts are loaded already
  const loaded = script === null ? BATCH_SHA : server.call(['SCRIPT', 'LOAD', script]);
  for (const step of steps.slice(0, Math.max(0, k))) {
    for (const c of step.changes) server.keyspace.apply(c, 'after');
  }
  server.setClock(() => scenario.clockMs + elapsed());
  // a restart (SHUTDOWN) takes the next run_id of a fixed sequence, so the same lines replayed
  // on a new fork (after Stop) bring the same run_id, and the native twin's lease_epoch with it
  server.nextRunId = runIdSequence();
  const user = scenario.caller === 'full' ? 'default' : READ_ONLY_USER;
  if (typeof loaded !== 'string') {
    const why = isError(loaded) ? loaded.error : String(loaded);
    return {
      server,
      user,
      notes: [`The edited script is not loaded here: its SCRIPT LOAD was refused (${why}).`],
    };
  }
  const { line } = runLineOf(scenario, script);
  // 'edited', not 'this run's': a held or stopped script's fork has no run, yet holds the script
  const whose = script === null ? 'The lesson’s script' : 'The edited script';
  return {
    server,
    user,
    notes: [
      `${whose} is cached here as SCRIPT LOAD left it, sha ${loaded}. The run's own call, to type again: ${shownLine(line)}`,
    ],
  };
}

/** 40 hex digits at a time from a fixed xorshift sequence: the same run_ids on every fork. */
function runIdSequence(): () => string {
  let x = 0x2545f491;
  return () => {
    let id = '';
    while (id.length < 40) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      id += (x >>> 0).toString(16).padStart(8, '0');
    }
    return id;
  };
}

/** Milliseconds since the call, on the host's monotonic clock. */
function realElapsed(): () => number {
  const start = performance.now();
  return () => performance.now() - start;
}

/** The fork a spec stands for, its clock advanced by `elapsed` (real time unless said). */
export function forkOf(spec: ForkSpec, elapsed?: () => number): Fork {
  const steps = spec.changes.map((changes) => ({ changes }));
  return forkAt(spec.scenario, steps, steps.length, { script: spec.script, elapsed });
}
