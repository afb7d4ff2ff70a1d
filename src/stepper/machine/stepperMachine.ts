/**
 * The stepper: one run of a scenario on an executor, and a position k in its trace.
 * The context holds the scenario, the run's index and k; every view of step k is a selector.
 * A run the page does not carry needs the simulated server, which loads on demand: until it
 * has, the machine waits in `loading` and then carries on exactly as if the run had been there.
 */
import { stepperWords } from '../../../content/stepper.ts';
import { assign, fromPromise, setup } from 'xstate';
import { busyText } from '@batch-lease/redis-sim/client';
import { ChunkLoadError, describeChunkFailure } from '../../loading/index.ts';
import {
  defaultScenario,
  presetById,
  type PresetId,
  type Executor,
  type Scenario,
} from '../../scenario/index.ts';
import { buildRunIndex, type RunIndex } from '../runs/run-index.ts';
import {
  createRunSource,
  type PendingRun,
  type PrerenderedRun,
  type RunSource,
} from '../runs/run-source.ts';
import { awaitsPrediction, selectMemberTargets } from '../views/selectors.ts';
import { cutAt } from '../../content/shown-cut.ts';
import { fill } from '../../content/template.ts';
import {
  OFF_THREAD_TIME_LIMIT_MS,
  SimulatorFault,
  type OffThreadRuns,
} from '../runs/off-thread.ts';
import type { SimulatorLoader } from '../runs/simulator-loader.ts';
import type { TraceSource, UnavailableRun } from '../runs/trace-source.ts';
import { scriptChoice, scriptText } from './script-text.ts';
import { reachedLimit } from './limit-reached.ts';
import {
  drawerAfterLink,
  isMoreTab,
  type MoreTab,
  stageDrawerOf,
  stageTabOf,
  type StageDrawer,
  type StageTab,
} from './stage-ui.ts';
import type { Prediction, Variant } from '../../vocabulary/index.ts';

export { scriptChoice, scriptText };

export type { Prediction };

/** The playback speeds offered, in steps per second. */
export const SPEEDS = [1, 2, 4, 8, 30, 120] as const;

/** What the learner sees when the simulator could not be fetched and the cause is unknown. */
export const SIMULATOR_LOAD_FAILED = stepperWords.alerts.simulatorFailed;

/** The longest part of a fault's own message the stepper repeats. */
const MAX_FAULT_TEXT = 300;

/**
 * The learner's words for a run that could not be made: the simulator's own fault (its code
 * threw), the chunk loader's words for a file that did not come, or the fallback.
 */
export function runFailureWords(error: unknown): string {
  if (error instanceof SimulatorFault) {
    return fill(stepperWords.alerts.simulatorFault, {
      message: cutAt(error.message, MAX_FAULT_TEXT),
    });
  }
  return error instanceof ChunkLoadError ? describeChunkFailure(error) : SIMULATOR_LOAD_FAILED;
}

/** The stepper's run: its index, the reason there is none, or a wait for the simulator. */
export type StepperRun = RunIndex | UnavailableRun | PendingRun;

export interface StepperContext {
  /** where runs come from: the build's runs, then the simulated server */
  runs: RunSource;
  scenario: Scenario;
  executor: Executor;
  /** the counterfactual the script executor runs ('real': the lesson's script) */
  variant: Variant;
  /**
   * The learner's own script text, when it is neither the lesson's nor a counterfactual's
   * (those are told by `variant`); null otherwise.
   */
  script: string | null;
  /** the run's index (trace + lookups), the reason there is no run, or a wait for one */
  ix: StepperRun;
  /**
   * The learner's script's last run ended at one of the simulator's limits (or a link said it
   * had, and it has not run since): the link says so (`limit=1`), so whoever opens it next
   * sees the script held, not run.
   */
  limited: boolean;
  /**
   * The mark is the learner's: they stopped the script's last run (Stop), rather than a limit
   * ending it (`limit=stopped`); only with `limited`. The link holds it back alike, and the
   * held notice says why.
   */
  stopped: boolean;
  /**
   * A link's script held back, not run, because the link says its run reached a limit: the
   * script is shown in the editor, and the learner runs it again or drops it.
   */
  held: boolean;
  /** why the simulator did not load (its chunk's failure), while the run waits for a retry */
  loadError: ChunkLoadError | Error | null;
  /** how many steps have been taken: 0 before the first, n at the end (while loading: the
   * step to open at once the run is there) */
  k: number;
  speed: number;
  predict: boolean;
  picks: Record<number, Prediction>;
  /** the stage's open tab (stage-ui.ts): on a phone, what the stage shows */
  tab: StageTab;
  /** the tab last opened of those a wide stage shows in its third region */
  more: MoreTab;
  /** the drawer open over the stage's regions, if any; 'compare' is the link's compare view */
  drawer: StageDrawer | null;
}

export type StepperEvent =
  | { type: 'step.forward' }
  | { type: 'step.back' }
  | { type: 'step.member' }
  | { type: 'step.memberBack' }
  | { type: 'step.first' }
  | { type: 'step.last' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'speed.set'; speed: number }
  | { type: 'scrub'; k: number }
  | { type: 'scenario.edit'; scenario: Scenario }
  | { type: 'scenario.load'; preset: PresetId }
  | {
      type: 'state.restore';
      scenario: Scenario;
      executor: Executor;
      k: number;
      /** the what-if to run (the real script unless said) */
      variant?: Variant;
      /** the learner's script text (wins over `variant`) */
      script?: string | null;
      /** predict mode, and the picks made so far */
      predict?: boolean;
      picks?: Record<number, Prediction>;
      speed?: number;
      /** the compare view open (a link's `compare=1`); other drawers stay as they are */
      compare?: boolean;
      /** the link carries the console's typed lines: the console opens, where they replay */
      console?: boolean;
      /** the link says its script reached a limit when it last ran: it is held, not run */
      limited?: boolean;
      /** with `limited`: the link says the learner stopped that run (`limit=stopped`) */
      stopped?: boolean;
    }
  /** run the script a link held back (it reached a limit when it last ran) */
  | { type: 'held.run' }
  /** drop the script a link held back: back to the lesson's script */
  | { type: 'held.drop' }
  | { type: 'executor.set'; executor: Executor }
  | { type: 'variant.set'; variant: Variant }
  /** run this Lua text with the script executor (the learner's edit) */
  | { type: 'script.run'; source: string }
  /** back to the lesson's script */
  | { type: 'script.reset' }
  | { type: 'predict.set'; on: boolean }
  | { type: 'predict.choose'; choice: Prediction }
  /** show a tab of the stage */
  | { type: 'tab.show'; tab: StageTab }
  /** open a drawer over the stage (closing any other), or close it (null) */
  | { type: 'drawer.set'; drawer: StageDrawer | null }
  | { type: 'simulator.retry' }
  /** Stop: end the learner's script being run off the page's thread, as SCRIPT KILL would */
  | { type: 'run.stop' };

export interface StepperInput {
  scenario?: Scenario;
  executor?: Executor;
  variant?: Variant;
  /** the learner's script text to open with */
  script?: string | null;
  /** the step to open at (clamped to the run) */
  k?: number;
  /** a simulator at hand: every run is made at once (tests use the real one or a fixture) */
  source?: TraceSource;
  /** runs the build made, used whenever the scenario and executor match */
  prerendered?: readonly PrerenderedRun[];
  /** how the simulator is fetched when neither of the above has the run */
  loader?: SimulatorLoader;
  /** open with the compare view shown */
  compare?: boolean;
  /** where a learner's script is run, off the page's thread (a worker), when there is one */
  offThread?: OffThreadRuns;
}

/** The run of (scenario, executor, script), indexed, or a wait for the simulator. */
export function runFor(
  runs: RunSource,
  scenario: Scenario,
  executor: Executor,
  variant: Variant,
  script: string | null = null,
): StepperRun {
  const text = scriptText(variant, script);
  const run = runs.runNow(scenario, executor, text);
  if (run === null) {
    return runs.isOffThread(scenario, executor, text)
      ? { status: 'loading', executor, running: true }
      : { status: 'loading', executor };
  }
  if (run.status === 'ready') return buildRunIndex(run);
  if (run.ended !== 'time-limit') return run;
  const seconds = String(OFF_THREAD_TIME_LIMIT_MS / 1000);
  // the BUSY text is the simulator's own (busy-texts.ts), so the prose cannot drift from it
  const busy = busyText('eval');
  return { ...run, reason: fill(stepperWords.alerts.scriptTimeLimit, { seconds, busy }) };
}

/** True while the run waits for the simulator. */
export const isPending = (ix: StepperRun): ix is PendingRun =>
  'status' in ix && ix.status === 'loading';

const stepsOf = (ix: StepperRun) => ('n' in ix ? ix.n : 0);
const clampK = (ix: StepperRun, k: number) => Math.max(0, Math.min(stepsOf(ix), Math.floor(k)));

/** The member the next step would reveal unpredicted, or null. */
function gate(c: StepperContext): number | null {
  return c.predict && 'n' in c.ix ? awaitsPrediction(c.ix, c.k, c.picks) : null;
}

/** The furthest k reachable from c.k towards `target` without passing a prediction gate. */
function gatedTarget(c: StepperContext, target: number): number {
  if (!c.predict || !('n' in c.ix)) return target;
  for (let s = c.k; s < target; s++) {
    if (awaitsPrediction(c.ix, s, c.picks) !== null) return s;
  }
  return target;
}

/** Whether a run of the learner's own script (a lesson's or a what-if's never is) reached a limit. */
const ownLimited = (c: Pick<StepperContext, 'script'>, ix: StepperRun): boolean =>
  c.script !== null && !isPending(ix) && reachedLimit(ix);

const rerun = (c: StepperContext, patch: Partial<StepperContext>): Partial<StepperContext> => {
  const next = { ...c, ...patch };
  const ix = runFor(next.runs, next.scenario, next.executor, next.variant, next.script);
  return {
    ...patch,
    ix,
    limited: ownLimited(next, ix),
    stopped: false,
    held: false,
    loadError: null,
    k: 0,
    picks: {},
  };
};

export const stepperMachine = setup({
  types: {
    context: {} as StepperContext,
    events: {} as StepperEvent,
    input: {} as StepperInput,
  },
  actors: {
    loadSimulator: fromPromise<void, { runs: RunSource }>(({ input }) => input.runs.load()),
  },
  guards: {
    waitsForSimulator: ({ context }) => isPending(context.ix),
    loadHasFailed: ({ context }) => context.loadError !== null,
    isHeld: ({ context }) => context.held,
    canForward: ({ context }) => context.k < stepsOf(context.ix) && gate(context) === null,
    canBack: ({ context }) => context.k > 0 && stepsOf(context.ix) > 0,
    atEnd: ({ context }) => context.k >= stepsOf(context.ix),
    hasRun: ({ context }) => stepsOf(context.ix) > 0,
    awaitingPrediction: ({ context }) => gate(context) !== null,
    cannotAdvance: ({ context }) => context.k >= stepsOf(context.ix) || gate(context) !== null,
  },
  actions: {
    stepForward: assign({ k: ({ context }) => context.k + 1 }),
    stepBack: assign({ k: ({ context }) => Math.max(0, context.k - 1) }),
    stepMember: assign({
      k: ({ context }) =>
        'n' in context.ix
          ? gatedTarget(context, selectMemberTargets(context.ix, context.k).forward)
          : 0,
    }),
    stepMemberBack: assign({
      k: ({ context }) => ('n' in context.ix ? selectMemberTargets(context.ix, context.k).back : 0),
    }),
    toFirst: assign({ k: 0 }),
    toLast: assign({ k: ({ context }) => gatedTarget(context, stepsOf(context.ix)) }),
    scrub: assign({
      k: ({ context, event }) =>
        event.type === 'scrub'
          ? Math.max(0, Math.min(stepsOf(context.ix), Math.round(event.k)))
          : context.k,
    }),
    restartIfAtEnd: assign({
      k: ({ context }) => (context.k >= stepsOf(context.ix) ? 0 : context.k),
    }),
    setSpeed: assign({
      speed: ({ context, event }) =>
        event.type === 'speed.set' && event.speed > 0 && Number.isFinite(event.speed)
          ? event.speed
          : context.speed,
    }),
    editScenario: assign(({ context, event }) =>
      event.type === 'scenario.edit' ? rerun(context, { scenario: event.scenario }) : {},
    ),
    loadPreset: assign(({ context, event }) =>
      event.type === 'scenario.load'
        ? rerun(context, { scenario: presetById(event.preset).build() })
        : {},
    ),
    restore: assign(({ context, event }) => {
      if (event.type !== 'state.restore') return {};
      const choice =
        event.script !== undefined && event.script !== null
          ? scriptChoice(event.script)
          : { variant: event.variant ?? 'real', script: null };
      const want = Math.max(0, Math.floor(event.k));
      const link = { scenario: event.scenario, executor: event.executor, ...choice };
      // a learner's script the link says reached a limit is not run (nothing asks the worker
      // for it): it waits, shown in the editor, for the learner to run it again or drop it
      const next: Partial<StepperContext> =
        event.limited && choice.script !== null
          ? {
              ...link,
              ix: {
                status: 'unavailable',
                executor: event.executor,
                reason: event.stopped
                  ? stepperWords.alerts.scriptHeldStopped
                  : stepperWords.alerts.scriptHeld,
              },
              limited: true,
              stopped: event.stopped === true,
              held: true,
              loadError: null,
              picks: {},
            }
          : rerun(context, link);
      const speed =
        event.speed !== undefined && event.speed > 0 && Number.isFinite(event.speed)
          ? event.speed
          : context.speed;
      // while the simulator loads, k holds the step to open at; runLoaded clamps it to the run
      return {
        ...next,
        // while the simulator loads (or the run is held), k holds the step to open at
        k: isPending(next.ix!) || next.held ? want : clampK(next.ix!, want),
        predict: event.predict ?? false,
        picks: event.predict ? (event.picks ?? {}) : {},
        speed,
        // a held script is shown in the editor, unless the link's console lines take the drawer
        drawer: next.held && !event.console ? 'script' : drawerAfterLink(context.drawer, event),
      };
    }),
    // the held script runs now, at the step the link asked for; the link says it reached a
    // limit until its run says otherwise
    runHeld: assign(({ context: c }) => {
      const ix = runFor(c.runs, c.scenario, c.executor, c.variant, c.script);
      return {
        ix,
        held: false,
        limited: isPending(ix) ? c.limited : ownLimited(c, ix),
        stopped: isPending(ix) ? c.stopped : false,
        k: isPending(ix) ? c.k : clampK(ix, c.k),
      };
    }),
    runLoaded: assign(({ context }) => {
      const c = context;
      const ix = runFor(c.runs, c.scenario, c.executor, c.variant, c.script);
      // still pending (the worker gave it way to a newer script): k waits with it
      if (isPending(ix)) return { ix, loadError: null };
      return {
        ix,
        loadError: null,
        k: clampK(ix, context.k),
        limited: ownLimited(c, ix),
        stopped: false,
      };
    }),
    // k stays: it is the step a link asked for, which a retry still opens at
    loadFailed: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      return {
        ix: { status: 'unavailable', executor: context.executor, reason: runFailureWords(error) },
        loadError: error instanceof Error ? error : new Error(String(error)),
      };
    }),
    stopRun: ({ context }) => context.runs.stop(),
    // nothing is kept of a stopped run; the learner judged their script should not go on, so
    // the link says so (`limit=stopped`), and a reload, or whoever it is sent to, holds it
    runStopped: assign(({ context }) => ({
      ix: {
        status: 'unavailable' as const,
        executor: context.executor,
        reason: stepperWords.alerts.scriptStopped,
      },
      limited: context.script !== null,
      stopped: context.script !== null,
    })),
    retryLoad: assign(({ context: c }) => ({
      ix: runFor(c.runs, c.scenario, c.executor, c.variant, c.script),
      loadError: null,
    })),
    setExecutor: assign(({ context, event }) =>
      event.type === 'executor.set' ? rerun(context, { executor: event.executor }) : {},
    ),
    setVariant: assign(({ context, event }) =>
      event.type === 'variant.set' ? rerun(context, { variant: event.variant, script: null }) : {},
    ),
    // the learner's script runs with the script executor, whichever was chosen before
    runScript: assign(({ context, event }) =>
      event.type === 'script.run'
        ? rerun(context, { ...scriptChoice(event.source), executor: 'script' })
        : {},
    ),
    resetScript: assign(({ context }) => rerun(context, { variant: 'real', script: null })),
    setPredict: assign(({ event }) =>
      event.type === 'predict.set' ? { predict: event.on, picks: {} } : {},
    ),
    choose: assign(({ context, event }) => {
      const m = gate(context);
      if (event.type !== 'predict.choose' || m === null || !('n' in context.ix)) return {};
      const info = context.ix.members[m];
      const picks = { ...context.picks, [m]: event.choice };
      // reveal: run on to the step that decided the member
      const k = info && info.verdictStep >= 0 ? info.verdictStep + 1 : context.k;
      return { picks, k: Math.max(context.k, k) };
    }),
    showTab: assign(({ context, event }) => {
      if (event.type !== 'tab.show') return {};
      const tab = stageTabOf(event.tab);
      return { tab, more: isMoreTab(tab) ? tab : context.more };
    }),
    setDrawer: assign(({ event }) =>
      event.type === 'drawer.set' ? { drawer: stageDrawerOf(event.drawer) } : {},
    ),
  },
  delays: {
    tick: ({ context }) => Math.max(8, Math.round(1000 / context.speed)),
  },
}).createMachine({
  id: 'stepper',
  context: ({ input }) => {
    const runs = createRunSource({
      trace: input.source,
      prerendered: input.prerendered,
      loader: input.loader,
      offThread: input.offThread,
    });
    const scenario = input.scenario ?? defaultScenario();
    const executor = input.executor ?? 'script';
    const { variant, script } =
      input.script !== undefined && input.script !== null
        ? scriptChoice(input.script)
        : { variant: input.variant ?? 'real', script: null };
    const ix = runFor(runs, scenario, executor, variant, script);
    const want = Math.max(0, Math.floor(input.k ?? 0));
    const k = isPending(ix) ? want : clampK(ix, want);
    return {
      runs,
      scenario,
      executor,
      variant,
      script,
      ix,
      limited: ownLimited({ script }, ix),
      stopped: false,
      held: false,
      loadError: null,
      k,
      speed: 2,
      predict: false,
      picks: {},
      tab: 'script',
      more: 'locals',
      drawer: input.compare ? 'compare' : null,
    };
  },
  initial: 'settle',
  on: {
    'step.forward': { guard: 'canForward', actions: 'stepForward', target: '.paused' },
    'step.back': { guard: 'canBack', actions: 'stepBack', target: '.paused' },
    'step.member': { guard: 'hasRun', actions: 'stepMember', target: '.paused' },
    'step.memberBack': { guard: 'hasRun', actions: 'stepMemberBack', target: '.paused' },
    'step.first': { guard: 'hasRun', actions: 'toFirst', target: '.paused' },
    'step.last': { guard: 'hasRun', actions: 'toLast', target: '.paused' },
    scrub: { guard: 'hasRun', actions: 'scrub', target: '.paused' },
    'speed.set': { actions: 'setSpeed' },
    'scenario.edit': { actions: 'editScenario', target: '.settle' },
    'scenario.load': { actions: 'loadPreset', target: '.settle' },
    'executor.set': { actions: 'setExecutor', target: '.settle' },
    'state.restore': { actions: 'restore', target: '.settle' },
    'variant.set': { actions: 'setVariant', target: '.settle' },
    'script.run': { actions: 'runScript', target: '.settle' },
    'script.reset': { actions: 'resetScript', target: '.settle' },
    'predict.set': { actions: 'setPredict', target: '.paused' },
    'predict.choose': { guard: 'awaitingPrediction', actions: 'choose' },
    // the stage's tabs and drawers neither stop play nor touch the run
    'tab.show': { actions: 'showTab' },
    'drawer.set': { actions: 'setDrawer' },
    'simulator.retry': { guard: 'loadHasFailed', actions: 'retryLoad', target: '.settle' },
    'held.run': { guard: 'isHeld', actions: 'runHeld', target: '.settle' },
    'held.drop': { guard: 'isHeld', actions: 'resetScript', target: '.settle' },
  },
  states: {
    /** a new run was asked for: wait for the simulator if the run needs it */
    settle: {
      always: [{ guard: 'waitsForSimulator', target: 'loading' }, { target: 'paused' }],
    },
    loading: {
      invoke: {
        src: 'loadSimulator',
        id: 'simulator',
        input: ({ context }) => ({ runs: context.runs }),
        // a run still to be made is waited for again
        onDone: { actions: 'runLoaded', target: 'settle' },
        onError: { actions: 'loadFailed', target: 'paused' },
      },
      // predict mode can be set while the run loads; it must not cancel the wait
      on: {
        'predict.set': { actions: 'setPredict' },
        'run.stop': { actions: ['stopRun', 'runStopped'], target: 'paused' },
      },
    },
    paused: {
      on: {
        play: { guard: 'hasRun', actions: 'restartIfAtEnd', target: 'playing' },
        toggle: { guard: 'hasRun', actions: 'restartIfAtEnd', target: 'playing' },
      },
    },
    playing: {
      after: {
        tick: [
          { guard: 'cannotAdvance', target: 'paused' },
          { actions: 'stepForward', target: 'playing', reenter: true },
        ],
      },
      on: { pause: 'paused', toggle: 'paused' },
    },
  },
});

export type StepperMachine = typeof stepperMachine;
