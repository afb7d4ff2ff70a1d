import { describe, expect, it, vi } from 'vitest';
import { defaultScenario, presetById } from '../../scenario/presets.ts';
import { createRunSource } from './run-source.ts';
import { createSimTraceSource, type ReadyRun, type TraceSource } from './trace-source.ts';
import { OffThreadUnavailable, RunEnded, type OffThreadRuns } from './off-thread.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';

const made: ReadyRun = { status: 'ready', executor: 'script' } as ReadyRun;
const built: ReadyRun = { status: 'ready', executor: 'script' } as ReadyRun;
const simulator: TraceSource = () => made;

describe('the run source', () => {
  it('answers a build-time run for an equal scenario, and the simulator’s for another', () => {
    const runs = createRunSource({
      trace: simulator,
      prerendered: [{ scenario: defaultScenario(), executor: 'script', run: built }],
    });
    expect(runs.runNow(defaultScenario(), 'script')).toBe(built);
    expect(runs.runNow({ ...defaultScenario(), leaseMs: 7 }, 'script')).toBe(made);
    expect(runs.runNow(presetById('thousand').build(), 'script')).toBe(made);
  });

  it('does not print a scenario whose size no build-time run has, to look it up', () => {
    const runs = createRunSource({
      trace: simulator,
      prerendered: [{ scenario: defaultScenario(), executor: 'script', run: built }],
    });
    const thousand = presetById('thousand').build();
    const spy = vi.spyOn(JSON, 'stringify');
    try {
      expect(runs.runNow(thousand, 'script')).toBe(made);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a learner’s script, run off the page’s thread', () => {
  const own = "return redis.call('PING')";
  /** a worker stand-in that makes runs with the page's own source, or ends them as told */
  function worker(answer: 'run' | 'time-limit' | 'unavailable') {
    const source = createSimTraceSource();
    const off: OffThreadRuns = {
      run: (scenario, executor, script) => {
        if (answer === 'time-limit') return Promise.reject(new RunEnded('time-limit'));
        if (answer === 'unavailable') return Promise.reject(new OffThreadUnavailable('404'));
        return Promise.resolve(source(scenario, executor, script));
      },
      check: () => Promise.resolve(null),
      warm: () => {},
      stop: () => {},
      dispose: () => {},
    };
    return { off };
  }
  const page = createSimTraceSource();

  it('waits for the worker, whose run is the page’s own; the build’s runs never wait', async () => {
    const { off } = worker('run');
    const runs = createRunSource({
      offThread: off,
      prerendered: [{ scenario: defaultScenario(), executor: 'script', run: built }],
      loader: { current: () => page, load: () => Promise.resolve(page) },
    });
    expect(runs.runNow(defaultScenario(), 'script', BATCH_SOURCE)).toBe(built);
    expect(runs.runNow(defaultScenario(), 'script', own)).toBeNull();
    expect(runs.isOffThread(defaultScenario(), 'script', own)).toBe(true);
    await runs.load();
    const run = runs.runNow(defaultScenario(), 'script', own);
    expect(run?.status).toBe('ready');
    expect(run?.status === 'ready' && run.reply).toEqual({ status: 'PONG' });
  });

  it('makes the lesson’s script and the native twin on a scenario the build did not run in the worker, never on the page', async () => {
    const { off } = worker('run');
    const never = () => {
      throw new Error('the page loaded the simulator');
    };
    const runs = createRunSource({ offThread: off, loader: { current: never, load: never } });
    const thousand = presetById('thousand').build();
    expect(runs.runNow(thousand, 'native')).toBeNull();
    expect(runs.runNow(thousand, 'script')).toBeNull();
    // neither is a learner's script: no Stop, no time limit
    expect(runs.isOffThread(thousand, 'native')).toBe(false);
    expect(runs.isOffThread(thousand, 'script')).toBe(false);
    await runs.load();
    const native = runs.runNow(thousand, 'native');
    const script = runs.runNow(thousand, 'script');
    expect(native?.status === 'ready' && native.listing).toBe('emq_extends.rs');
    expect(script?.status === 'ready' && script.listing).toBe('extend_locks2.lua');
    expect(script?.status === 'ready' && script.reply).toEqual(
      page(thousand, 'script').status === 'ready'
        ? (page(thousand, 'script') as ReadyRun).reply
        : null,
    );
  });

  it('a run the time limit ended is kept as ended: asking again does not run it again', async () => {
    const { off } = worker('time-limit');
    const runs = createRunSource({
      offThread: off,
      loader: { current: () => page, load: () => Promise.resolve(page) },
    });
    expect(runs.runNow(defaultScenario(), 'script', own)).toBeNull();
    await runs.load();
    expect(runs.runNow(defaultScenario(), 'script', own)).toMatchObject({
      status: 'unavailable',
      ended: 'time-limit',
    });
    expect(runs.runNow(defaultScenario(), 'script', own)).toMatchObject({ ended: 'time-limit' });
  });

  it('no worker could start: the page makes the run itself, the same run', async () => {
    const { off } = worker('unavailable');
    let loaded: TraceSource | null = null;
    const loader = { current: () => loaded, load: () => Promise.resolve((loaded = page)) };
    const runs = createRunSource({ offThread: off, loader });
    expect(runs.runNow(defaultScenario(), 'script', own)).toBeNull();
    await runs.load();
    const run = runs.runNow(defaultScenario(), 'script', own);
    expect(run?.status === 'ready' && run.reply).toEqual({ status: 'PONG' });
    expect(runs.isOffThread(defaultScenario(), 'script', own)).toBe(false);
  });
});
