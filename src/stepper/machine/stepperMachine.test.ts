import { LESSON_SCRIPT } from '../words/lesson-text.ts';
import { variantSource } from '../what-ifs/script-edits.ts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition, type EventObject } from 'xstate';
import { ChunkLoadError } from '../../loading/load-chunk.ts';
import { defaultScenario, presetById, SEED_ID } from '../../scenario/presets.ts';
import { narrate } from '../words/narration.ts';
import type { RunIndex } from '../runs/run-index.ts';
import { selectFailed, selectReply } from '../views/selectors.ts';
import type { SimulatorLoader } from '../runs/simulator-loader.ts';
import type { OffThreadRuns } from '../runs/off-thread.ts';
import {
  runFor,
  SIMULATOR_LOAD_FAILED,
  stepperMachine,
  type StepperEvent,
  type StepperInput,
} from './stepperMachine.ts';
import { createSimTraceSource, type ReadyRun, type TraceSource } from '../runs/trace-source.ts';
import {
  attemptsSays,
  failedAfterSays,
  memberSays,
  tokenSays,
  W,
} from '../words/narration.test-helper.ts';

type Snap = ReturnType<typeof initialTransition<typeof stepperMachine>>[0];

const start = (input: StepperInput = {}) => initialTransition(stepperMachine, input)[0];
const send = (s: Snap, ...events: StepperEvent[]) =>
  events.reduce((acc, e) => transition(stepperMachine, acc, e)[0], s);
const ix = (s: Snap) => s.context.ix as RunIndex;

/** A two-member fixture trace: one live, one stale; small enough to read. */
const fixture: TraceSource = (scenario, executor) =>
  executor === 'native'
    ? { status: 'unavailable', executor, reason: 'fixture: no native' }
    : {
        status: 'ready',
        executor,
        listing: 'extend_locks2.lua',
        runId: 'r1',
        verbAnswer: '{:ok, ["B"]}',
        initial: { active: new Map([['A', 100]]), rows: new Map(), pending: [] },
        reply: ['B'],
        steps: [
          {
            listing: 'extend_locks2.lua',
            line: 8,
            group: null,
            changes: [],
            event: { kind: 'clock', seconds: '1', micros: '0', now: 1000 },
          },
          {
            listing: 'extend_locks2.lua',
            line: 14,
            group: 0,
            changes: [],
            event: { kind: 'pair', i: 2, id: 'A', token: '1' },
          },
          {
            listing: 'extend_locks2.lua',
            line: 19,
            group: 0,
            changes: [],
            event: { kind: 'check', check: 'row', passed: true, att: '1', token: '1' },
          },
          {
            listing: 'extend_locks2.lua',
            line: 21,
            group: 0,
            changes: [
              {
                kind: 'zset',
                key: 'act',
                member: 'A',
                before: 100,
                after: 1000 + scenario.leaseMs,
              },
            ],
            event: { kind: 'rescore', id: 'A', score: 1000 + scenario.leaseMs },
          },
          {
            listing: 'extend_locks2.lua',
            line: 14,
            group: 1,
            changes: [],
            event: { kind: 'pair', i: 4, id: 'B', token: '1' },
          },
          {
            listing: 'extend_locks2.lua',
            line: 19,
            group: 1,
            changes: [],
            event: { kind: 'check', check: 'row', passed: false, att: null, token: '1' },
          },
          {
            listing: 'extend_locks2.lua',
            line: 24,
            group: 1,
            changes: [],
            event: { kind: 'collect', id: 'B', check: 'row', failedCount: 1 },
          },
          {
            listing: 'extend_locks2.lua',
            line: 28,
            group: null,
            changes: [],
            event: { kind: 'reply', reply: ['B'] },
          },
        ],
      };

describe('stepperMachine transitions', () => {
  it('opens paused at step 0 with a run of the scenario', () => {
    const s = start({ source: fixture });
    expect(s.value).toBe('paused');
    expect(s.context.k).toBe(0);
    expect(ix(s).n).toBe(8);
  });

  it('steps forward and back by line, and never past either end', () => {
    let s = start({ source: fixture });
    s = send(s, { type: 'step.back' });
    expect(s.context.k).toBe(0);
    s = send(s, { type: 'step.forward' }, { type: 'step.forward' }, { type: 'step.back' });
    expect(s.context.k).toBe(1);
    s = send(s, { type: 'step.last' }, { type: 'step.forward' });
    expect(s.context.k).toBe(8);
    s = send(s, { type: 'step.first' });
    expect(s.context.k).toBe(0);
  });

  it('steps by member to the end of each member, and back to the previous end', () => {
    let s = start({ source: fixture });
    s = send(s, { type: 'step.member' });
    expect(s.context.k).toBe(4);
    s = send(s, { type: 'step.member' });
    expect(s.context.k).toBe(7);
    s = send(s, { type: 'step.member' });
    expect(s.context.k).toBe(8);
    s = send(s, { type: 'step.memberBack' });
    expect(s.context.k).toBe(7);
    s = send(s, { type: 'step.memberBack' }, { type: 'step.memberBack' });
    expect(s.context.k).toBe(0);
  });

  it('clamps a scrub to the run', () => {
    let s = start({ source: fixture });
    expect(send(s, { type: 'scrub', k: 99 }).context.k).toBe(8);
    expect(send(s, { type: 'scrub', k: -3 }).context.k).toBe(0);
    s = send(s, { type: 'scrub', k: 5.4 });
    expect(s.context.k).toBe(5);
  });

  it('clamps the opening step from the input', () => {
    expect(start({ source: fixture, k: 1_000 }).context.k).toBe(8);
  });

  it('plays from the start when play is pressed at the end', () => {
    let s = start({ source: fixture });
    s = send(s, { type: 'step.last' }, { type: 'play' });
    expect(s.value).toBe('playing');
    expect(s.context.k).toBe(0);
    expect(send(s, { type: 'pause' }).value).toBe('paused');
    // a manual step takes over from playback
    expect(send(s, { type: 'step.forward' }).value).toBe('paused');
    expect(send(s, { type: 'scrub', k: 3 }).value).toBe('paused');
  });

  it('re-runs and rewinds on an executor switch, and shows why native has no run yet', () => {
    let s = start({ source: fixture });
    s = send(s, { type: 'step.last' }, { type: 'executor.set', executor: 'native' });
    expect(s.context.executor).toBe('native');
    expect(s.context.k).toBe(0);
    expect(s.context.ix).toMatchObject({ status: 'unavailable', reason: 'fixture: no native' });
    expect(send(s, { type: 'play' }).value).toBe('paused');
    expect(send(s, { type: 'step.forward' }).context.k).toBe(0);
  });

  it('re-runs an edited scenario from step 0', () => {
    let s = start({ source: fixture });
    s = send(s, { type: 'step.last' });
    const edited = { ...s.context.scenario, leaseMs: 5 };
    s = send(s, { type: 'scenario.edit', scenario: edited });
    expect(s.context.k).toBe(0);
    const rescore = ix(s).run.steps[3]!.event;
    expect(rescore).toMatchObject({ kind: 'rescore', score: 1005 });
  });

  it('ignores a speed that is not a positive number', () => {
    let s = start({ source: fixture });
    s = send(s, { type: 'speed.set', speed: 8 });
    expect(s.context.speed).toBe(8);
    expect(send(s, { type: 'speed.set', speed: 0 }).context.speed).toBe(8);
    expect(send(s, { type: 'speed.set', speed: Number.NaN }).context.speed).toBe(8);
  });
});

describe('predict mode', () => {
  it('stops before each verdict until a pick, then reveals the deciding step', () => {
    let s = start({ source: fixture });
    s = send(
      s,
      { type: 'predict.set', on: true },
      { type: 'step.forward' },
      { type: 'step.forward' },
    );
    expect(s.context.k).toBe(2);
    // the next step is member 0's first check: blocked
    expect(send(s, { type: 'step.forward' }).context.k).toBe(2);
    expect(send(s, { type: 'step.member' }).context.k).toBe(2);
    expect(send(s, { type: 'step.last' }).context.k).toBe(2);
    s = send(s, { type: 'predict.choose', choice: 'failed' });
    expect(s.context.picks).toEqual({ 0: 'failed' });
    expect(s.context.k).toBe(4);
    // member 1 stops at its check too, and the play loop pauses there
    s = send(s, { type: 'step.member' });
    expect(s.context.k).toBe(5);
    s = send(s, { type: 'predict.choose', choice: 'failed' });
    expect(s.context.k).toBe(7);
    expect(s.context.picks).toEqual({ 0: 'failed', 1: 'failed' });
  });

  it('takes no pick when nothing awaits one', () => {
    const s = send(start({ source: fixture }), { type: 'predict.set', on: true });
    expect(send(s, { type: 'predict.choose', choice: 'rescored' }).context.picks).toEqual({});
  });

  it('pauses a playing run at a prediction gate', () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(stepperMachine, { input: { source: fixture } }).start();
      actor.send({ type: 'predict.set', on: true });
      actor.send({ type: 'speed.set', speed: 10 });
      actor.send({ type: 'play' });
      vi.advanceTimersByTime(1_000);
      expect(actor.getSnapshot().value).toBe('paused');
      expect(actor.getSnapshot().context.k).toBe(2);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('playback', () => {
  it('steps on a timer at the chosen speed and pauses at the end', () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(stepperMachine, { input: { source: fixture } }).start();
      actor.send({ type: 'speed.set', speed: 4 });
      actor.send({ type: 'play' });
      vi.advanceTimersByTime(250 * 3 + 1);
      expect(actor.getSnapshot().context.k).toBe(3);
      vi.advanceTimersByTime(250 * 10);
      expect(actor.getSnapshot().context.k).toBe(8);
      expect(actor.getSnapshot().value).toBe('paused');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the default scenario through the sim', () => {
  const sim = createSimTraceSource();

  it("tells the seed's first member in the seed's words", () => {
    let s = start({ scenario: defaultScenario(), source: sim });
    s = send(s, { type: 'step.member' });
    const n = narrate(ix(s), s.context.k);
    expect(n.member).toBe(
      memberSays(SEED_ID, [tokenSays(1), attemptsSays(1), W.member.inActive], W.member.rescored),
    );
    expect(n.failed).toBe(failedAfterSays(1, '[]'));
  });

  it('ends with the stale, the gone and the reaped id failed, in input order', () => {
    const s = send(start({ source: sim }), { type: 'step.last' });
    const failed = ['JOB0KHTP2xVbQe', 'JOB0KHTQ8mRsLd', 'JOB0KHTR5cWyNf'];
    expect(selectFailed(ix(s), s.context.k)).toEqual(failed);
    expect(selectReply(ix(s), s.context.k)).toEqual(failed);
  });
});

/** A loader the test controls: nothing has loaded until `arrive` is called. */
function heldLoader(source: TraceSource = fixture) {
  let loaded: TraceSource | null = null;
  let resolve: (s: TraceSource) => void = () => {};
  const promise = new Promise<TraceSource>((r) => (resolve = r));
  const loader: SimulatorLoader = {
    current: () => loaded,
    load: () => promise,
  };
  return {
    loader,
    arrive() {
      loaded = source;
      resolve(source);
    },
  };
}

/** The events the machine's simulator invocation sends back, as the actor would. */
const simulatorDone = { type: 'xstate.done.actor.simulator', output: undefined } as EventObject;
const simulatorFailed = {
  type: 'xstate.error.actor.simulator',
  error: new Error('network down'),
} as EventObject;
const sendRaw = (s: Snap, e: EventObject) =>
  transition(stepperMachine, s, e as unknown as StepperEvent)[0];

const fixtureRun = () => fixture(defaultScenario(), 'script') as ReadyRun;

describe('waiting for the simulator', () => {
  it('waits in loading when no run is at hand, and ignores steps meanwhile', () => {
    const { loader } = heldLoader();
    let s = start({ loader });
    expect(s.value).toBe('loading');
    expect(s.context.ix).toEqual({ status: 'loading', executor: 'script' });
    s = send(
      s,
      { type: 'step.forward' },
      { type: 'step.member' },
      { type: 'step.last' },
      { type: 'scrub', k: 3 },
      { type: 'step.back' },
      { type: 'play' },
    );
    expect(s.value).toBe('loading');
    expect(s.context.k).toBe(0);
    // predict mode can be chosen while waiting, without leaving the wait
    s = send(s, { type: 'predict.set', on: true });
    expect(s.value).toBe('loading');
    expect(s.context.predict).toBe(true);
  });

  it('carries on with the same run once the simulator has loaded', () => {
    const h = heldLoader();
    let s = start({ loader: h.loader });
    h.arrive();
    s = sendRaw(s, simulatorDone);
    expect(s.value).toBe('paused');
    expect(ix(s).n).toBe(8);
    expect(ix(s).run).toEqual(ix(start({ source: fixture })).run);
  });

  it('keeps a restored step while it waits, and clamps it to the run that arrives', () => {
    const h = heldLoader();
    const restore = (k: number): StepperEvent => ({
      type: 'state.restore',
      scenario: presetById('reaped').build(),
      executor: 'script',
      k,
    });
    const near = send(start({ loader: h.loader }), restore(5));
    const far = send(start({ loader: h.loader }), restore(99));
    expect(near.value).toBe('loading');
    expect([near.context.k, far.context.k]).toEqual([5, 99]);
    h.arrive();
    expect(sendRaw(near, simulatorDone).context.k).toBe(5);
    expect(sendRaw(far, simulatorDone).context.k).toBe(8);
  });

  it('says plainly when the simulator cannot be loaded, and tries again on the next pick', () => {
    const { loader } = heldLoader();
    let s = sendRaw(start({ loader }), simulatorFailed);
    expect(s.value).toBe('paused');
    expect(s.context.ix).toEqual({
      status: 'unavailable',
      executor: 'script',
      reason: SIMULATOR_LOAD_FAILED,
    });
    s = send(s, { type: 'scenario.load', preset: 'all-live' });
    expect(s.value).toBe('loading');
  });

  it('offers a retry after a failed load: it waits again, and opens at the step the link asked', () => {
    const h = heldLoader();
    const restore: StepperEvent = {
      type: 'state.restore',
      scenario: presetById('reaped').build(),
      executor: 'script',
      k: 5,
    };
    let s = sendRaw(send(start({ loader: h.loader }), restore), {
      type: 'xstate.error.actor.simulator',
      error: new ChunkLoadError('timeout', 'the simulated server', null),
    } as EventObject);
    expect(s.value).toBe('paused');
    expect(s.context.ix).toMatchObject({
      status: 'unavailable',
      reason: expect.stringMatching(/^The simulated server is taking too long .* press Retry\.$/),
    });
    expect(s.context.loadError).toBeInstanceOf(ChunkLoadError);
    s = send(s, { type: 'simulator.retry' });
    expect(s.value).toBe('loading');
    expect(s.context.loadError).toBeNull();
    h.arrive();
    s = sendRaw(s, simulatorDone);
    expect(s.context.k).toBe(5);
    // with nothing failed, a retry is not an event the stepper answers
    expect(send(start({ source: fixture }), { type: 'simulator.retry' }).value).toBe('paused');
  });

  it('needs no simulator for the prerendered runs: both executors and every variant', () => {
    const { loader } = heldLoader();
    const scenario = defaultScenario();
    const prerendered = [
      { scenario, executor: 'script' as const, run: fixtureRun() },
      {
        scenario: { ...scenario },
        executor: 'native' as const,
        run: { ...fixtureRun(), executor: 'native' as const },
      },
    ];
    let s = start({ loader, prerendered });
    expect(s.value).toBe('paused');
    expect(ix(s).n).toBe(8);
    s = send(s, { type: 'executor.set', executor: 'native' }, { type: 'step.last' });
    expect(s.value).toBe('paused');
    expect(s.context.k).toBe(8);
    s = send(s, { type: 'executor.set', executor: 'script' });
    // a counterfactual is a script of its own: the build must have run it too
    expect(send(s, { type: 'variant.set', variant: 'no-membership-guard' }).value).toBe('loading');
    const guardless = variantSource(LESSON_SCRIPT, 'no-membership-guard')!;
    const withVariant = start({
      loader,
      prerendered: [
        ...prerendered,
        { scenario, executor: 'script' as const, script: guardless, run: fixtureRun() },
      ],
    });
    s = send(withVariant, { type: 'variant.set', variant: 'no-membership-guard' });
    expect(s.value).toBe('paused');
    expect('n' in s.context.ix).toBe(true);
    // the learner's text equal to the variant's is that variant, from the build's run too
    s = send(withVariant, { type: 'script.run', source: guardless });
    expect(s.value).toBe('paused');
    expect(s.context).toMatchObject({ variant: 'no-membership-guard', script: null });
    // a scenario equal field for field, whatever the order its fields were written in
    const reordered = Object.fromEntries(Object.entries(scenario).reverse()) as typeof scenario;
    s = send(s, { type: 'scenario.edit', scenario: reordered });
    expect(s.value).toBe('paused');
    // anything else needs the simulator
    expect(send(s, { type: 'scenario.load', preset: 'reaped' }).value).toBe('loading');
    expect(send(s, { type: 'scenario.edit', scenario: { ...scenario, leaseMs: 5 } }).value).toBe(
      'loading',
    );
  });

  it('loads through the invoked actor and runs on', async () => {
    const h = heldLoader();
    const actor = createActor(stepperMachine, {
      input: { loader: h.loader, scenario: presetById('all-live').build() },
    }).start();
    expect(actor.getSnapshot().value).toBe('loading');
    h.arrive();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('paused'));
    expect((actor.getSnapshot().context.ix as RunIndex).n).toBe(8);
    actor.stop();
  });
});

describe('the script a run uses', () => {
  const real = createSimTraceSource();
  const OWN = "return redis.call('ZCARD', KEYS[1])";

  it('runs the learner’s text with the script executor, then resets to the lesson’s', () => {
    let s = start({ source: real });
    s = send(s, { type: 'executor.set', executor: 'native' }, { type: 'step.last' });
    s = send(s, { type: 'script.run', source: OWN });
    expect(s.context).toMatchObject({ executor: 'script', variant: 'real', script: OWN, k: 0 });
    expect(ix(s).run).toMatchObject({ listing: 'user_script', script: OWN, reply: 3 });
    s = send(s, { type: 'script.reset' });
    expect(s.context).toMatchObject({ variant: 'real', script: null });
    expect(ix(s).run.listing).toBe('extend_locks2.lua');
    expect(ix(s).run.script).toBeUndefined();
  });

  it('keeps the learner’s script across presets and scenario edits; a what-if replaces it', () => {
    let s = send(start({ source: real }), { type: 'script.run', source: OWN });
    s = send(s, { type: 'scenario.load', preset: 'all-live' });
    expect(s.context.script).toBe(OWN);
    expect(ix(s).run.reply).toBe(4);
    s = send(s, { type: 'variant.set', variant: 'clock-per-member' });
    expect(s.context).toMatchObject({ variant: 'clock-per-member', script: null });
    expect(ix(s).run.script).toBe(variantSource(LESSON_SCRIPT, 'clock-per-member'));
  });

  it('restores a script from a link, and knows a variant or the lesson by its text', () => {
    const scenario = defaultScenario();
    const restore = (script: string | null) =>
      send(start({ source: real }), {
        type: 'state.restore',
        scenario,
        executor: 'script',
        k: 2,
        script,
      }).context;
    expect(restore(OWN)).toMatchObject({ script: OWN, variant: 'real', k: 2 });
    const guardless = variantSource(LESSON_SCRIPT, 'no-membership-guard')!;
    expect(restore(guardless)).toMatchObject({ script: null, variant: 'no-membership-guard' });
    expect(restore(LESSON_SCRIPT)).toMatchObject({ script: null, variant: 'real' });
    // the input does the same
    expect(start({ source: real, script: guardless }).context.variant).toBe('no-membership-guard');
  });
});

describe('a learner’s script run off the page’s thread', () => {
  /** a worker that has not answered yet; Stop makes it give up, as the real one does */
  const pendingWorker = (): OffThreadRuns => ({
    run: () => new Promise(() => {}),
    check: () => new Promise(() => {}),
    warm: () => {},
    stop: () => {},
    dispose: () => {},
  });
  const page = heldLoader(createSimTraceSource());

  it('is running until it arrives, and Stop ends it with words of what SCRIPT KILL does', () => {
    let s = start({
      loader: page.loader,
      offThread: pendingWorker(),
      script: 'while true do end',
    });
    expect(s.value).toBe('loading');
    expect(s.context.ix).toEqual({ status: 'loading', executor: 'script', running: true });
    s = send(s, { type: 'run.stop' });
    expect(s.value).toBe('paused');
    expect(s.context.ix).toMatchObject({ status: 'unavailable' });
    expect('reason' in s.context.ix && s.context.ix.reason).toMatch(
      /^You stopped your script before it ended/,
    );
  });

  it('a run the learner stopped is marked, so a link to it reopens held, saying they stopped it', () => {
    let s = start({
      loader: page.loader,
      offThread: pendingWorker(),
      script: 'while true do end',
    });
    expect(s.context).toMatchObject({ limited: false, stopped: false });
    s = send(s, { type: 'run.stop' });
    // the link now says so (limit=stopped): the learner judged the script should not go on
    expect(s.context).toMatchObject({ limited: true, stopped: true, held: false });

    // whoever opens that link: the script held, not run, and the notice says why truthfully
    const openMarked = (stopped: boolean) =>
      send(start({ loader: page.loader, offThread: pendingWorker() }), {
        type: 'state.restore',
        scenario: defaultScenario(),
        executor: 'script',
        k: 0,
        script: 'while true do end',
        limited: true,
        stopped,
      });
    const opened = openMarked(true);
    expect(opened.context).toMatchObject({ held: true, limited: true, stopped: true });
    const reason = (c: Snap) => ('reason' in c.context.ix ? c.context.ix.reason : '');
    expect(reason(opened)).toMatch(/^Your script was not run: this link says you stopped it/);
    // a link whose run reached a limit says that, not that the learner stopped it
    const limitedLink = openMarked(false);
    expect(limitedLink.context).toMatchObject({ held: true, stopped: false });
    expect(reason(limitedLink)).toMatch(/this link says it reached a limit of the simulator/);

    // Run it again: running (the mark stays until the run says otherwise); Drop it: unmarked
    const again = send(opened, { type: 'held.run' });
    expect(again.context).toMatchObject({ held: false, limited: true, stopped: true });
    expect(again.context.ix).toMatchObject({ status: 'loading', running: true });
    const dropped = send(opened, { type: 'held.drop' });
    expect(dropped.context).toMatchObject({ held: false, limited: false, stopped: false });
    expect(dropped.context.script).toBeNull();
  });

  it('the lesson’s script and the what-ifs are never waited for', () => {
    const s = start({ source: createSimTraceSource(), offThread: pendingWorker() });
    expect(s.value).toBe('paused');
    const w = send(s, { type: 'variant.set', variant: 'clock-per-member' });
    expect(w.value).toBe('paused');
  });
});

describe('a learner’s script the time limit ended', () => {
  it('says what a real 7.0 server answers the other clients meanwhile, word for word', () => {
    const runs = {
      runNow: () => ({
        status: 'unavailable' as const,
        executor: 'script' as const,
        reason: 'ended',
        ended: 'time-limit' as const,
      }),
      load: () => Promise.resolve(),
      isOffThread: () => true,
      stop: () => undefined,
    };
    const run = runFor(runs, defaultScenario(), 'script', 'real', 'while true do end');
    expect(run).toMatchObject({
      status: 'unavailable',
      // redis-server 7.0.15's shared.slowevalerr, as its clients print it
      reason: expect.stringContaining(
        '“BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.”',
      ) as unknown,
    });
    expect(run).toMatchObject({
      reason: expect.stringContaining('ran for 5 seconds without ending') as unknown,
    });
  });
});
