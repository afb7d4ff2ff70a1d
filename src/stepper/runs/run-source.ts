/**
 * Where the stepper's runs come from: a run computed at build time when one matches, else the
 * simulated server in a worker, off the page's thread (or, where no worker can start, on the
 * page, once its chunk has loaded). The machine asks for a run synchronously and learns either
 * the run or that it must wait for it.
 */
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { builderOf, type Scenario, type Executor } from '../../scenario/index.ts';
import { isLearnersText } from './learners-text.ts';
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
   * The run now, or null when only the simulator can make it and it has not been made yet (the
   * worker has yet to make it, or the page's simulator has yet to load). `script` is the text
   * the script executor runs; null (or absent) is the lesson's script.
   */
  runNow(scenario: Scenario, executor: Executor, script?: string | null): RunResult | null;
  /**
   * Makes the runs {@link RunSource.runNow} answered null for since (in the worker, or on the
   * page once its simulator has loaded); once it resolves, `runNow` answers them.
   */
  load(): Promise<void>;
  /**
   * Whether this run is a learner's script made off the page's thread (with a worker at hand):
   * the stage says it is running and offers Stop.
   */
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
   * where every run the build did not make is made (a worker): without it, or once it cannot
   * start, the page makes them itself, under the same step budget, so a run is the same
   * either way
   */
  offThread?: OffThreadRuns;
}

/** A run asked of the worker: `learners` when it is a learner's script (Stop, the time limit). */
interface Asked {
  scenario: Scenario;
  executor: Executor;
  script: string | null;
  learners: boolean;
}

/** How many runs made off the page's thread are kept for asking again (each holds its trace). */
const KEPT_OFF_THREAD = 4;

/**
 * Each scenario's key, printed once: a scenario is never changed in place, and printing a
 * 1,000-lease one is a few milliseconds, paid when its run is asked for and again when the
 * worker's run arrives.
 */
const keys = new WeakMap<Scenario, string>();

/** A key equal for equal scenarios whatever order their fields were written in. */
export function scenarioKey(scenario: Scenario): string {
  let key = keys.get(scenario);
  if (key === undefined) {
    key = JSON.stringify(sortedKeys(scenario));
    keys.set(scenario, key);
  }
  return key;
}

/** `v` with every object's keys in one order, so equal data prints the same. */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => [k, sortedKeys(x)]),
  );
}

/** The run source of a stepper. */
export function createRunSource({
  trace,
  prerendered = [],
  loader = lazySimulator,
  offThread,
}: RunSourceOptions = {}): RunSource {
  // the lesson's script is one run whether it is named by its text or by null
  const scriptKeyOf = (executor: Executor, script: string | null) =>
    `${executor} ${executor === 'native' ? '' : JSON.stringify(script === BATCH_SOURCE ? null : script)}`;
  const keyOf = (executor: Executor, script: string | null, scenario: Scenario) =>
    `${scriptKeyOf(executor, script)} ${scenarioKey(scenario)}`;
  // A run the worker makes is kept under a preset's name when a preset built its scenario: the
  // 1,000-lease preset's run is asked for as its hash is read, and printing its scenario first
  // delayed asking the worker by a few milliseconds. An equal scenario made another way has a
  // key of its own, and at worst is made again.
  const madeKeyOf = (executor: Executor, script: string | null, scenario: Scenario) => {
    const preset = builderOf(scenario);
    return preset === undefined
      ? keyOf(executor, script, scenario)
      : `${scriptKeyOf(executor, script)} preset:${preset}`;
  };
  const known = new Map(
    prerendered.map((p) => [keyOf(p.executor, p.script ?? null, p.scenario), p.run]),
  );
  // how many leases each known run holds: a scenario of another size needs no key (printing
  // a 1,000-lease scenario to look it up costs more than a frame)
  const sizes = new Set(prerendered.map((p) => p.scenario.held.length));
  let loaded: TraceSource | null = null;
  const simulator = () => trace ?? loaded ?? loader.current();
  // a simulator at hand (tests) makes every run at once; otherwise the worker makes them
  let worker = trace ? null : (offThread ?? null);
  /** runs the worker made (or the time limit ended), the newest last */
  const made = new Map<string, RunResult>();
  /** the runs asked for that the worker has yet to make, and the one it is making */
  const asked = new Map<string, Asked>();
  let making: { key: string; learners: boolean; done: Promise<void> } | null = null;
  /** how many times Stop was pressed: a run ended by Stop ends the waits for it */
  let stops = 0;
  const keep = (key: string, run: RunResult) => {
    made.delete(key);
    made.set(key, run);
    if (made.size > KEPT_OFF_THREAD) made.delete(made.keys().next().value!);
  };
  /** makes one asked run in the worker; the worker cannot start: the page makes its runs */
  const makeOff = (key: string, want: Asked): Promise<void> => {
    if (making?.key === key) return making.done;
    const stopsBefore = stops;
    const done = worker!.run(want.scenario, want.executor, want.script, want.learners).then(
      (run) => keep(key, run),
      async (e: unknown) => {
        if (e instanceof RunEnded && e.why === 'time-limit') {
          // kept, so asking again shows the limit instead of running the script once more
          keep(key, {
            status: 'unavailable',
            executor: want.executor,
            reason: '',
            ended: 'time-limit',
          });
          return;
        }
        // given way to a newer script of the learner's: whoever still wants it asks again
        if (e instanceof RunEnded && stops === stopsBefore) return;
        if (!(e instanceof OffThreadUnavailable)) throw e;
        worker = null;
        if (!simulator()) loaded = await loader.load();
      },
    );
    const entry = { key, learners: want.learners, done };
    making = entry;
    const settle = () => {
      if (making === entry) making = null;
      asked.delete(key);
    };
    done.then(settle, settle);
    return done;
  };
  /**
   * Makes the runs of `wanted` still asked for, one at a time, the newest first. A learner's
   * script being made gives way to a newer one of the learner's (it may run until the time
   * limit); any other run is waited for, since it ends by itself within the step budget.
   */
  const makeWanted = async (wanted: ReadonlySet<string>): Promise<void> => {
    for (;;) {
      const newest = [...asked].filter(([key]) => wanted.has(key)).at(-1);
      if (!worker || !newest) return;
      const [key, want] = newest;
      const cur = making;
      if (cur && cur.key !== key && !(cur.learners && want.learners)) await cur.done;
      else await makeOff(key, want);
    }
  };
  /** a run the page must make asked for before the simulator had loaded */
  let needSimulator = false;
  const source: RunSource = {
    runNow(scenario, executor, script = null) {
      const hit = sizes.has(scenario.held.length)
        ? known.get(keyOf(executor, script, scenario))
        : undefined;
      if (hit) return hit;
      if (worker) {
        const key = madeKeyOf(executor, script, scenario);
        const run = made.get(key);
        if (run) return run;
        const text = executor === 'native' ? null : script;
        asked.set(key, {
          scenario,
          executor,
          script: text,
          learners: isLearnersText(executor, text),
        });
        return null;
      }
      const here = simulator();
      if (!here) needSimulator = true;
      return here ? here(scenario, executor, executor === 'native' ? null : script) : null;
    },
    async load() {
      await makeWanted(new Set(asked.keys()));
      // the page makes its runs itself (no worker at hand, or it could not start)
      if ((!worker || needSimulator) && !simulator()) loaded = await loader.load();
    },
    isOffThread(_scenario, executor, script = null) {
      return worker !== null && isLearnersText(executor, script);
    },
    stop() {
      stops++;
      asked.clear();
      worker?.stop();
    },
  };
  return source;
}
