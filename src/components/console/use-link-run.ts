import { useEffect, useState } from 'react';
import { useWorkerRuns } from '../use-worker-runs.ts';
import {
  createRunSource,
  RunEnded,
  type ReadyRun,
  type RunResult,
  type RunSource,
} from '../../stepper/index.ts';
import type { Executor, Scenario } from '../../scenario/index.ts';

/** What an embedded console knows of the run its link names. */
export type LinkRun =
  /** being made; `running` when it is a learner's script in the worker (then Stop ends it) */
  | { status: 'making'; running: boolean }
  | { status: 'ready'; run: ReadyRun }
  /** it did not end by itself: the learner pressed Stop, or the time limit ended it */
  | { status: 'ended'; why: 'stopped' | 'time-limit' }
  /** the build cannot make it (the reason in words) */
  | { status: 'unavailable'; reason: string }
  /** not made: the link says its script reached a limit when it last ran (see `hold`) */
  | { status: 'held' };

/** A link's run from what the run source answered. */
function linkRunOf(run: RunResult): LinkRun {
  if (run.status === 'ready') return { status: 'ready', run };
  if (run.ended === 'time-limit') return { status: 'ended', why: 'time-limit' };
  return { status: 'unavailable', reason: run.reason };
}

/**
 * The run once the source has made it. A run can give way before it is made (the worker was
 * ended under it as the component remounted), so it is asked again, a few times at most.
 */
async function made(
  runs: RunSource,
  scenario: Scenario,
  executor: Executor,
  script: string | null,
): Promise<LinkRun> {
  for (let asked = 0; ; asked++) {
    const now = runs.runNow(scenario, executor, script);
    if (now) return linkRunOf(now);
    if (asked === 3) throw new Error('the run the link names was not made');
    await runs.load();
  }
}

/** A failure the lazy panel's boundary shows, with Retry: the simulator could not be loaded. */
interface Failed {
  error: unknown;
}

/**
 * The run an embedded console forks, made as the lesson's stepper makes every run the build
 * did not: in the simulated server's worker, off the page's thread, where a link's own script
 * (`lua=`) runs under the worker's time limit and Stop ends it, so no link can hold the page
 * that embeds the console; on the page only where no worker can start, under the same step
 * budget, so the run is the same either way (the console's log then says why, as its own
 * server moves onto the page too). Answers the run and Stop.
 */
export function useLinkRun(
  scenario: Scenario,
  executor: Executor,
  script: string | null,
  /** make no run (nothing is asked of the worker) while the learner has not chosen to */
  hold = false,
): { run: LinkRun; stop: () => void } {
  const offThread = useWorkerRuns();
  const [runs] = useState(() => createRunSource({ offThread }));
  const [got, setGot] = useState<{ of: readonly unknown[]; run: LinkRun | Failed } | null>(null);
  const asked = [scenario, executor, script] as const;
  useEffect(() => {
    if (hold) return;
    let live = true;
    const of = [scenario, executor, script];
    made(runs, scenario, executor, script).then(
      (run) => live && setGot({ of, run }),
      (e: unknown) =>
        live &&
        setGot({
          of,
          run: e instanceof RunEnded ? { status: 'ended', why: e.why } : { error: e },
        }),
    );
    return () => {
      live = false;
    };
  }, [runs, scenario, executor, script, hold]);
  const current = got !== null && got.of.every((v, i) => v === asked[i]) ? got.run : null;
  // thrown while rendering, so the lazy panel's boundary says it with Retry, which starts afresh
  if (current !== null && 'error' in current) throw current.error;
  if (hold) return { run: { status: 'held' }, stop: () => {} };
  return {
    run: current ?? {
      status: 'making',
      running: runs.isOffThread(scenario, executor, script),
    },
    stop: () => runs.stop(),
  };
}
