/**
 * Where the stepper's runs come from: a run computed at build time when one matches, else the
 * simulated server, which may still have to load. The machine asks for a run synchronously and
 * learns either the run or that it must wait for the simulator.
 */
import type { Scenario, Executor } from '../../scenario/index.ts';
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

/** The run is being made: the simulated server it needs is still loading. */
export interface PendingRun {
  status: 'loading';
  executor: Executor;
}

export interface RunSource {
  /**
   * The run now, or null when only the simulator can make it and it has not loaded yet.
   * `script` is the text the script executor runs; null (or absent) is the lesson's script.
   */
  runNow(scenario: Scenario, executor: Executor, script?: string | null): RunResult | null;
  /** Loads the simulator; once it resolves, {@link RunSource.runNow} never answers null. */
  load(): Promise<void>;
}

export interface RunSourceOptions {
  /** a simulator at hand (tests, or a page that ships it): nothing ever waits */
  trace?: TraceSource;
  /** runs the build already made */
  prerendered?: readonly PrerenderedRun[];
  /** how to get the simulator otherwise (the lazily loaded chunk unless said) */
  loader?: SimulatorLoader;
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
  return {
    runNow(scenario, executor, script = null) {
      const hit = sizes.has(scenario.held.length)
        ? known.get(keyOf(executor, script, scenario))
        : undefined;
      if (hit) return hit;
      const source = simulator();
      return source ? source(scenario, executor, executor === 'native' ? null : script) : null;
    },
    async load() {
      if (!simulator()) loaded = await loader.load();
    },
  };
}
