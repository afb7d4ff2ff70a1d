/**
 * Where the stepper's runs come from: a run computed at build time when one matches, else the
 * simulated server, which may still have to load. The machine asks for a run synchronously and
 * learns either the run or that it must wait for the simulator.
 */
import { BATCH_SOURCE } from '@batch-lease/echomq';
import type { Scenario, Executor } from '../../scenario/index.ts';
import { variantOfSource } from '../what-ifs/script-edits.ts';
import { OffThreadUnavailable, RunEnded, type OffThreadRuns } from './off-thread.ts';
import { lazySimulator, type SimulatorLoader } from './simulator-loader.ts';
import type { ReadyRun, RunResult, TraceSource } from './trace-source.ts';

/** A run the build made on the simulated server, for one scenario on one executor. */
export interface PrerenderedRun {
  scenario: Scenario;
  executor: Executor;
  /** the script text it ran, when not the lesson's (a counterfactual) */
  script?: string;
  run: ReadyRun;
}

/**
 * The run is being made: the simulated server it needs is still loading, or (`running`) a
 * worker is making it off the page's thread, and Stop may end it.
 */
export interface PendingRun {
  status: 'loading';
  executor: Executor;
  running?: boolean;
}

export interface RunSource {
  /**
   * The run now, or null when only the simulator can make it and it has not loaded yet.
   * `script` is the text the script executor runs; null (or absent) is the lesson's script.
   */
  runNow(scenario: Scenario, executor: Executor, script?: string | null): RunResult | null;
  /**
   * Loads the simulator, and makes every run {@link RunSource.runNow} answered null for that a
   * worker makes; once it resolves, `runNow` answers them.
   */
  load(): Promise<void>;
  /** Whether this run is made off the page's thread (a learner's script, with a worker at hand). */
  isOffThread(scenario: Scenario, executor: Executor, script?: string | null): boolean;
  /** Ends the run being made off the page's thread, if any (Stop): nothing is kept of it. */
  stop(): void;
}

export interface RunSourceOptions {
  /** a simulator at hand (tests, or a page that ships it): nothing ever waits */
  trace?: TraceSource;
  /** runs the build already made */
  prerendered?: readonly PrerenderedRun[];
  /** how to get the simulator otherwise (the lazily loaded chunk unless said) */
  loader?: SimulatorLoader;
  /**
   * where a learner's script is run (a worker): without it, or once it cannot start, the page
   * runs it itself, under the same step budget, so the run is the same either way
   */
  offThread?: OffThreadRuns;
}

/** How many runs made off the page's thread are kept for asking again (each holds its trace). */
const KEPT_OFF_THREAD = 4;

/**
 * Whether the script executor's text is a learner's: neither the lesson's script nor a what-if
 * (both of which end within a few steps a pair, and are made on the page at once).
 */
function isLearnersText(executor: Executor, script: string | null): script is string {
  if (executor !== 'script' || script === null || script === BATCH_SOURCE) return false;
  return variantOfSource(BATCH_SOURCE, script) === null;
}

/** A key equal for equal scenarios whatever order their fields were written in. */
export function scenarioKey(scenario: Scenario): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, x]) => [k, sorted(x)]),
          )
        : v;
  return JSON.stringify(sorted(scenario));
}

/** The run source of a stepper. */
export function createRunSource({
  trace,
  prerendered = [],
  loader = lazySimulator,
  offThread,
}: RunSourceOptions = {}): RunSource {
  const keyOf = (executor: Executor, script: string | null, scenario: Scenario) =>
    `${executor} ${executor === 'native' ? '' : JSON.stringify(script)} ${scenarioKey(scenario)}`;
  const known = new Map(
    prerendered.map((p) => [keyOf(p.executor, p.script ?? null, p.scenario), p.run]),
  );
  // how many leases each known run holds: a scenario of another size needs no key (printing
  // a 1,000-lease scenario to look it up costs more than a frame)
  const sizes = new Set(prerendered.map((p) => p.scenario.held.length));
  let loaded: TraceSource | null = null;
  const simulator = () => trace ?? loaded ?? loader.current();
  let worker = offThread ?? null;
  /** runs the worker made (or the time limit ended), the newest last */
  const made = new Map<string, RunResult>();
  /** the runs asked for that the worker has yet to make, and the one it is making */
  const asked = new Map<string, { scenario: Scenario; script: string }>();
  let making: { key: string; done: Promise<void> } | null = null;
  const goesOff = (executor: Executor, script: string | null): script is string =>
    worker !== null && isLearnersText(executor, script);
  const keep = (key: string, run: RunResult) => {
    made.delete(key);
    made.set(key, run);
    if (made.size > KEPT_OFF_THREAD) made.delete(made.keys().next().value!);
  };
  /** makes one asked run in the worker; the worker cannot start: the page makes its runs */
  const makeOff = (key: string, scenario: Scenario, script: string): Promise<void> => {
    if (making?.key === key) return making.done;
    const done = worker!.run(scenario, 'script', script).then(
      (run) => keep(key, run),
      async (e: unknown) => {
        if (e instanceof RunEnded && e.why === 'time-limit') {
          // kept, so asking again shows the limit instead of running the script once more
          keep(key, { status: 'unavailable', executor: 'script', reason: '', ended: 'time-limit' });
          return;
        }
        if (!(e instanceof OffThreadUnavailable)) throw e;
        worker = null;
        if (!simulator()) loaded = await loader.load();
      },
    );
    const entry = { key, done };
    making = entry;
    const settle = () => {
      if (making === entry) making = null;
      asked.delete(key);
    };
    done.then(settle, settle);
    return done;
  };
  /** a run the page must make asked for before the simulator had loaded */
  let needSimulator = false;
  const source: RunSource = {
    runNow(scenario, executor, script = null) {
      const hit = sizes.has(scenario.held.length)
        ? known.get(keyOf(executor, script, scenario))
        : undefined;
      if (hit) return hit;
      if (goesOff(executor, script)) {
        const key = keyOf(executor, script, scenario);
        const run = made.get(key);
        if (run) return run;
        asked.set(key, { scenario, script });
        return null;
      }
      const here = simulator();
      if (!here) needSimulator = true;
      return here ? here(scenario, executor, executor === 'native' ? null : script) : null;
    },
    async load() {
      // the newest asked run is the one wanted: the worker makes one run at a time
      const newest = [...asked].at(-1);
      const off = newest ? makeOff(newest[0], newest[1].scenario, newest[1].script) : null;
      if (needSimulator && !simulator()) loaded = await loader.load();
      if (off) await off;
      // a run asked for meanwhile, or the page making its runs itself now (no worker started)
      if (asked.size > 0 && worker) await source.load();
      if ((!worker || needSimulator) && !simulator()) loaded = await loader.load();
    },
    isOffThread(_scenario, executor, script = null) {
      return goesOff(executor, script);
    },
    stop() {
      asked.clear();
      worker?.stop();
    },
  };
  return source;
}
