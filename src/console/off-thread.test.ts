import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { defaultScenario } from '../scenario/presets.ts';
import { checkScript, createSimTraceSource } from '../stepper/simulate.ts';
import { OffThreadUnavailable, RunEnded } from '../stepper/index.ts';
import { CHUNK_TIMEOUT_MS } from '../loading/index.ts';
import { WorkerRuns } from './off-thread.ts';
import {
  answerTrace,
  type CheckRequest,
  type TraceReply,
  type TraceRequest,
} from './trace-protocol.ts';

/**
 * Workers that hold the simulated server as the real one does (the worker's own answer, through
 * a structured clone), and begin a run only when told: `begin` starts the run (the time limit
 * counts from there), `finish` sends its answer; `fail` is a file that never loaded.
 */
function workers() {
  const source = createSimTraceSource();
  let w: {
    onmessage: ((e: MessageEvent<TraceReply>) => void) | null;
    onerror: ((e: Event) => void) | null;
    asked: TraceRequest | null;
    checks: CheckRequest[];
  } | null = null;
  const factory = () => {
    const made = {
      onmessage: null as ((e: MessageEvent<TraceReply>) => void) | null,
      onerror: null as ((e: Event) => void) | null,
      asked: null as TraceRequest | null,
      checks: [] as CheckRequest[],
      postMessage: (req: TraceRequest | CheckRequest) =>
        void (req.kind === 'check' ? made.checks.push(req) : (made.asked = req)),
      terminate: () => {},
    };
    w = made;
    return made as unknown as Worker;
  };
  const send = (reply: TraceReply) =>
    w!.onmessage!({ data: structuredClone(reply) } as MessageEvent);
  return {
    factory,
    begin: () => send({ kind: 'trace-started', id: w!.asked!.id }),
    finish: () => send(answerTrace(w!.asked!, source).reply),
    fail: () => w!.onerror!({ type: 'error', preventDefault() {} } as unknown as Event),
    /** the worker's code threw as it began, at line 3 of its file */
    threw: (message: string) =>
      w!.onerror!({
        type: 'error',
        message,
        filename: url,
        lineno: 3,
        preventDefault() {},
      } as unknown as Event),
    /** answers the checks asked so far, as the worker's server would */
    answerChecks: () => {
      for (const c of w!.checks.splice(0))
        send({ kind: 'checked', id: c.id, error: checkScript(c.text) });
    },
  };
}

const url = 'https://lesson.example/assets/console-worker-abc.js';
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // a worker that fails is diagnosed by asking the server for its file: here no server answers,
  // so the test never depends on the network (it once asked lesson.example for real)
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a learner’s script run in the worker', () => {
  test('arrives as the run the page would have made', async () => {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    const made = runs.run(defaultScenario(), 'script', "return redis.call('PING')");
    w.begin();
    w.finish();
    const run = await made;
    expect(run.status === 'ready' && run.reply).toEqual({ status: 'PONG' });
  });

  test('ends at the time limit, counted from when the worker began it', async () => {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    const made = runs.run(defaultScenario(), 'script', 'while true do end');
    const ended = made.catch((e: unknown) => e);
    // the worker's code may take a while to arrive: that is not the script's time
    vi.advanceTimersByTime(10_000);
    w.begin();
    vi.advanceTimersByTime(4_999);
    vi.advanceTimersByTime(1);
    const e = await ended;
    expect(e).toBeInstanceOf(RunEnded);
    expect((e as RunEnded).why).toBe('time-limit');
  });

  test('Stop ends it; a worker that never started leaves the page to make its runs', async () => {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    const stopped = runs.run(defaultScenario(), 'script', 'while true do end').catch((e) => e);
    runs.stop();
    expect(((await stopped) as RunEnded).why).toBe('stopped');
    const failed = runs.run(defaultScenario(), 'script', 'return 1').catch((e) => e);
    w.fail();
    expect(await failed).toBeInstanceOf(OffThreadUnavailable);
    // and from then on, at once
    expect(await runs.run(defaultScenario(), 'script', 'return 1').catch((e) => e)).toBeInstanceOf(
      OffThreadUnavailable,
    );
  });
});

describe('a worker that has answered before', () => {
  /** Runs made in a worker that has already begun and finished one run. */
  async function answeredOnce() {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    const first = runs.run(defaultScenario(), 'script', 'return 1');
    w.begin();
    w.finish();
    await first;
    /** A PING run the worker begins when told to and answers. */
    const ping = async (beforeBegin = () => {}) => {
      const made = runs.run(defaultScenario(), 'script', "return redis.call('PING')");
      beforeBegin();
      w.begin();
      w.finish();
      const run = await made;
      return run.status === 'ready' && run.reply;
    };
    return { runs, ping };
  }

  test('and is slow to begin a run (a busy machine) still makes it, however long it takes', async () => {
    const { ping } = await answeredOnce();
    expect(await ping(() => vi.advanceTimersByTime(10_000))).toEqual({ status: 'PONG' });
  });

  test('and never begins a run ends that run, not the worker’s part in the session', async () => {
    const { runs, ping } = await answeredOnce();
    const stuck = runs.run(defaultScenario(), 'script', 'return 1').catch((e: unknown) => e);
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    const e = await stuck;
    expect(e).not.toBeInstanceOf(OffThreadUnavailable);
    expect((e as Error).message).toMatch(/did not begin the run within 20 s/);
    // the next run is made in a worker again
    expect(await ping()).toEqual({ status: 'PONG' });
  });
});

describe('why the stepper’s worker did not start', () => {
  test('is found as the console finds its own, and told to whoever shows it', async () => {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    const told = new Promise((resolve) => runs.onNotStarted(() => resolve(runs.whyNotStarted())));
    expect(runs.whyNotStarted()).toBeNull();
    const failed = runs.run(defaultScenario(), 'script', 'return 1').catch((e: unknown) => e);
    // the worker's code threw as it began: the event carries the error's own message
    w.threw('SyntaxError: nope');
    expect(await failed).toBeInstanceOf(OffThreadUnavailable);
    expect(await told).toEqual({ kind: 'threw', url, message: `SyntaxError: nope (${url}:3)` });
  });

  test('a browser that makes no worker is told as such', async () => {
    const runs = new WorkerRuns(() => {
      throw new TypeError('workers are not allowed here');
    }, url);
    const told = new Promise((resolve) => runs.onNotStarted(() => resolve(runs.whyNotStarted())));
    expect(await runs.run(defaultScenario(), 'script', 'return 1').catch((e) => e)).toBeInstanceOf(
      OffThreadUnavailable,
    );
    expect(await told).toEqual({
      kind: 'unavailable',
      url,
      message: 'TypeError: workers are not allowed here',
    });
  });
});

describe('the script editor’s compile check in the worker', () => {
  test('answers as the server’s SCRIPT LOAD would: null, or the compile error at its line', async () => {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    runs.warm();
    const good = runs.check("return redis.call('PING')");
    const bad = runs.check('return 1 +');
    w.answerChecks();
    expect(await good).toBeNull();
    expect(await bad).toMatch(/^ERR Error compiling script \(new function\): user_script:1:/);
  });

  test('a worker that never started sends the check to the page', async () => {
    const w = workers();
    const runs = new WorkerRuns(w.factory, url);
    const asked = runs.check('return 1').catch((e: unknown) => e);
    w.fail();
    expect(await asked).toBeInstanceOf(OffThreadUnavailable);
    expect(await runs.check('return 1').catch((e: unknown) => e)).toBeInstanceOf(
      OffThreadUnavailable,
    );
  });
});
