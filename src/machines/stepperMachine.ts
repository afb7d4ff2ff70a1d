/**
 * The stepper: one run of a scenario on an executor, and a position k in its trace.
 * The context holds the scenario, the run's index and k; every view of step k is a selector.
 */
import { assign, setup } from 'xstate';
import { defaultScenario, presetById, type PresetId } from '../scenario/presets.ts';
import type { ExecutorChoice, Scenario } from '../scenario/types.ts';
import { buildRunIndex, type RunIndex } from './run-index.ts';
import { awaitsPrediction, selectMemberTargets } from './selectors.ts';
import { createSimTraceSource, type TraceSource, type UnavailableRun } from './trace-source.ts';
import { applyVariant, type Variant } from './variants.ts';

export type Prediction = 'rescored' | 'failed';

/** The playback speeds offered, in steps per second. */
export const SPEEDS = [1, 2, 4, 8, 30, 120] as const;

export interface StepperContext {
  source: TraceSource;
  scenario: Scenario;
  executor: ExecutorChoice;
  variant: Variant;
  /** the run's index (trace + lookups), or the reason there is no run */
  ix: RunIndex | UnavailableRun;
  /** how many steps have been taken: 0 before the first, n at the end */
  k: number;
  speed: number;
  predict: boolean;
  picks: Record<number, Prediction>;
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
  | { type: 'state.restore'; scenario: Scenario; executor: ExecutorChoice; k: number }
  | { type: 'executor.set'; executor: ExecutorChoice }
  | { type: 'variant.set'; variant: Variant }
  | { type: 'predict.set'; on: boolean }
  | { type: 'predict.choose'; choice: Prediction };

export interface StepperInput {
  scenario?: Scenario;
  executor?: ExecutorChoice;
  variant?: Variant;
  /** the step to open at (clamped to the run) */
  k?: number;
  source?: TraceSource;
}

/** The run of (scenario, executor, variant), indexed. */
export function runFor(
  source: TraceSource,
  scenario: Scenario,
  executor: ExecutorChoice,
  variant: Variant,
): RunIndex | UnavailableRun {
  const run = applyVariant(source(scenario, executor), variant);
  return run.status === 'ready' ? buildRunIndex(run) : run;
}

const stepsOf = (ix: RunIndex | UnavailableRun) => ('n' in ix ? ix.n : 0);

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

const rerun = (c: StepperContext, patch: Partial<StepperContext>): Partial<StepperContext> => {
  const next = { ...c, ...patch };
  return {
    ...patch,
    ix: runFor(next.source, next.scenario, next.executor, next.variant),
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
  guards: {
    canForward: ({ context }) => context.k < stepsOf(context.ix) && gate(context) === null,
    canBack: ({ context }) => context.k > 0,
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
        ? rerun(context, { scenario: presetById(event.preset).build(), variant: 'real' })
        : {},
    ),
    restore: assign(({ context, event }) => {
      if (event.type !== 'state.restore') return {};
      const next = rerun(context, {
        scenario: event.scenario,
        executor: event.executor,
        variant: 'real',
      });
      const n = stepsOf(next.ix!);
      return { ...next, k: Math.max(0, Math.min(n, Math.floor(event.k))) };
    }),
    setExecutor: assign(({ context, event }) =>
      event.type === 'executor.set' ? rerun(context, { executor: event.executor }) : {},
    ),
    setVariant: assign(({ context, event }) =>
      event.type === 'variant.set' ? rerun(context, { variant: event.variant }) : {},
    ),
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
  },
  delays: {
    tick: ({ context }) => Math.max(8, Math.round(1000 / context.speed)),
  },
}).createMachine({
  id: 'stepper',
  context: ({ input }) => {
    const source = input.source ?? createSimTraceSource();
    const scenario = input.scenario ?? defaultScenario();
    const executor = input.executor ?? 'script';
    const variant = input.variant ?? 'real';
    const ix = runFor(source, scenario, executor, variant);
    const k = Math.max(0, Math.min(stepsOf(ix), Math.floor(input.k ?? 0)));
    return { source, scenario, executor, variant, ix, k, speed: 2, predict: false, picks: {} };
  },
  initial: 'paused',
  on: {
    'step.forward': { guard: 'canForward', actions: 'stepForward', target: '.paused' },
    'step.back': { guard: 'canBack', actions: 'stepBack', target: '.paused' },
    'step.member': { actions: 'stepMember', target: '.paused' },
    'step.memberBack': { actions: 'stepMemberBack', target: '.paused' },
    'step.first': { actions: 'toFirst', target: '.paused' },
    'step.last': { actions: 'toLast', target: '.paused' },
    scrub: { actions: 'scrub', target: '.paused' },
    'speed.set': { actions: 'setSpeed' },
    'scenario.edit': { actions: 'editScenario', target: '.paused' },
    'scenario.load': { actions: 'loadPreset', target: '.paused' },
    'executor.set': { actions: 'setExecutor', target: '.paused' },
    'state.restore': { actions: 'restore', target: '.paused' },
    'variant.set': { actions: 'setVariant', target: '.paused' },
    'predict.set': { actions: 'setPredict', target: '.paused' },
    'predict.choose': { guard: 'awaitingPrediction', actions: 'choose' },
  },
  states: {
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
