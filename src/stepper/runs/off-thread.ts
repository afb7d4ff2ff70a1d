/**
 * Runs made off the page's thread. A learner's script (typed in the editor, or carried by a
 * `lua=` link) can do the most work a stepper's step budget allows before it ends, and a
 * hostile one is written to; and even the lesson's script or the native twin on a thousand
 * leases is a second of work. Made on the page, that work would hold the page until it ended.
 * So every run the build did not make is made in a worker, by the same trace source the page
 * would use, and the stepper waits for it as it waits for the simulator to load; a learner's
 * script with Stop and a time limit. The worker itself is the console's
 * (`src/console/off-thread.ts` makes one of these for a stepper): this layer only names what it
 * needs of it.
 */
import type { Executor, Scenario } from '../../scenario/index.ts';
import type { RunResult } from './trace-source.ts';

/**
 * How long a run off the page's thread may take before the page ends it: the time a real
 * server lets a script run before it answers other clients BUSY (`lua-time-limit`, 5 s on 7.0).
 */
export const OFF_THREAD_TIME_LIMIT_MS = 5_000;

/** Where a stepper's runs are made off the page's thread. */
export interface OffThreadRuns {
  /**
   * Makes the run of `script` (null: the lesson's script) on `scenario` with `executor`; with
   * `timeLimited`, the run ends at {@link OFF_THREAD_TIME_LIMIT_MS} (a learner's script: the
   * lesson's runs end by themselves, within the step budget). Rejects with {@link RunEnded} when
   * the run was stopped or reached the time limit, with {@link OffThreadUnavailable} when no
   * worker could make it (the page then makes it itself), and with {@link SimulatorFault} when
   * the simulator's code threw as it made it. A run asked for while another is
   * being made ends the other.
   */
  run(
    scenario: Scenario,
    executor: Executor,
    script: string | null,
    timeLimited?: boolean,
  ): Promise<RunResult>;
  /**
   * What the server answers SCRIPT LOAD of `text` with: null when it compiles, else its compile
   * error (the script editor's check as the learner types). Rejects with
   * {@link OffThreadUnavailable} when no worker could answer, with {@link RunEnded} when the
   * worker was ended (a run stopped) before it answered, and with {@link SimulatorFault} when
   * the simulator's code threw as it checked.
   */
  check(text: string): Promise<string | null>;
  /**
   * Starts the worker ahead of the first run (the learner is reading near the stepper), so its
   * code loads and runs off the page's thread before a run waits for it.
   */
  warm(): void;
  /** Ends the run being made, if any (Stop): its promise rejects with a {@link RunEnded}. */
  stop(): void;
  /** Ends the worker (the stepper is gone). */
  dispose(): void;
}

/** A run that did not end by itself: the learner stopped it, or it reached the time limit. */
export class RunEnded extends Error {
  override readonly name = 'RunEnded';
  constructor(readonly why: 'stopped' | 'time-limit') {
    super(why === 'stopped' ? 'the run was stopped' : 'the run reached the time limit');
  }
}

/**
 * The simulator's own code stopped with an error while it made the run (a fault of the
 * simulator, not an answer a Redis server gives); the message is what it threw. The worker
 * stays up, so the run may be asked for again.
 */
export class SimulatorFault extends Error {
  override readonly name = 'SimulatorFault';
}

/**
 * No worker could make the run (its file did not load, the page's policy refused it, or it
 * failed as it started): the page makes its runs itself from then on, under the same budget,
 * so they come out the same.
 */
export class OffThreadUnavailable extends Error {
  override readonly name = 'OffThreadUnavailable';
}
