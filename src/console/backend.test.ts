import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { defaultScenario } from '../scenario/presets.ts';
import { ConsoleBackend } from './backend.ts';
import type { HostRequest } from './console-host.ts';
import { forkSpecAt } from './fork-spec.ts';
import type { SecondRequest } from './second-protocol.ts';
import { ServerSide } from './server-side.ts';
import type { RunResult } from './session.ts';
import type { WorkerFailure } from './worker-failure.ts';

/**
 * Workers that answer only when told (`flush`), so a line can be left running and ended, as
 * Stop ends one; each holds its own servers, as a real worker does.
 */
function workers() {
  type Request = HostRequest | SecondRequest;
  const made: { queue: Request[]; side: ServerSide; ended: boolean }[] = [];
  const factory = () => {
    const w = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (req: Request) => entry.queue.push(req),
      terminate: () => void (entry.ended = true),
    };
    const entry = {
      queue: [] as Request[],
      side: new ServerSide((data) => w.onmessage?.({ data } as MessageEvent)),
      ended: false,
    };
    made.push(entry);
    return w as unknown as Worker;
  };
  const flush = () => {
    for (const w of made) while (!w.ended && w.queue.length > 0) w.side.handle(w.queue.shift()!);
  };
  return { factory, flush, made };
}

/** A console started on its first worker: `run` sends a line, `output` is the last answer's. */
function started() {
  const { factory, flush, made } = workers();
  const backend = new ConsoleBackend(factory);
  backend.start(forkSpecAt(defaultScenario(), [], 0, null), [], () => {});
  flush();
  let last: RunResult | undefined;
  const run = (line: string) => backend.run(line, (r) => (last = r));
  const output = () => last?.lines.filter((l) => l.kind === 'output').map((l) => l.text);
  return { backend, flush, made, run, output };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('Stop ends the worker; the new one stands where the old one stood', () => {
  test("a key's time to live ran on while the old worker ran, and runs on after", () => {
    const { backend, flush, made, run, output } = started();
    run('SET k v PX 3000');
    flush();
    vi.advanceTimersByTime(4_000);
    run('PING');
    backend.kill(); // Stop while it runs: a new worker replays `SET k v PX 3000`
    expect(made).toHaveLength(2);
    flush();
    run('EXISTS k');
    flush();
    expect(output()).toEqual(['(integer) 0']);
  });

  test("after SHUTDOWN NOSAVE the replay starts empty too: the fork's keys never come back", () => {
    const { backend, flush, run, output } = started();
    run('PING');
    backend.shutdownNosave();
    flush();
    run('SET a 1');
    flush();
    run('PING');
    backend.kill();
    flush();
    run('DBSIZE');
    flush();
    expect(output()).toEqual(['(integer) 1']);
  });
});

describe('a blocking command on an empty list waits as the server’s only client would', () => {
  test('its reply comes once the server’s clock passes the timeout, with the time redis-cli prints', () => {
    const { backend, flush, run, output } = started();
    run('BLPOP jobs 2');
    flush();
    expect(backend.running?.blocked).toMatchObject({ command: 'BLPOP', timeoutMs: 2_000 });
    vi.advanceTimersByTime(2_000);
    expect(output()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(output()).toEqual(['(nil)', '(2.00s)']);
    expect(backend.running).toBeNull();
  });

  test('a repeated line waits out each repeat in turn, as redis-cli sends them one by one', () => {
    const { backend, flush, run, output } = started();
    run('3 BLPOP jobs 1');
    flush();
    vi.advanceTimersByTime(3_000);
    expect(output()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(output()).toEqual(['(nil)', '(nil)', '(nil)', '(3.00s)']);
    expect(backend.running).toBeNull();
  });

  test('a timeout of 0 waits until Stop, which leaves the server as it was', () => {
    const { backend, flush, run, output } = started();
    let stopped: RunResult | undefined;
    backend.run('SET before 1', () => {});
    flush();
    backend.run('BLPOP jobs 0', (r) => (stopped = r));
    flush();
    expect(backend.running?.blocked).toMatchObject({ command: 'BLPOP', until: null });
    vi.advanceTimersByTime(60 * 60 * 1_000);
    expect(stopped).toBeUndefined();
    // typed meanwhile, as another client: what its answer printed (null: the line waits)
    const typed = (line: string) => {
      let printed: string[] | null | undefined;
      backend.interject(line, (lines) => (printed = lines?.map((l) => l.text) ?? null));
      flush();
      return printed;
    };
    expect(typed('SCRIPT KILL')).toEqual(['(error) NOTBUSY No scripts in execution right now.']);
    // anything else waits for BLPOP's answer, as redis-cli sends nothing before it
    expect(typed('GET before')).toBeNull();
    backend.stop();
    flush();
    expect(stopped?.lines.map((l) => l.text).join('\n')).toMatch(
      /Stopped: BLPOP was waiting for ever \(a timeout of 0\), and no other client here could push to its keys/,
    );
    run('GET before');
    flush();
    expect(output()).toEqual(['"1"']);
  });

  test('inside MULTI/EXEC it never waits: the timeout is as good as passed', () => {
    const { backend, flush, run, output } = started();
    for (const line of ['MULTI', 'BLPOP jobs 0', 'BLMOVE jobs done LEFT RIGHT 0', 'EXEC']) {
      run(line);
      flush();
    }
    expect(backend.running).toBeNull();
    expect(output()).toEqual(['1) (nil)', '2) (nil)']);
  });

  test('a list with something to take answers at once', () => {
    const { backend, flush, run, output } = started();
    run('RPUSH jobs a');
    flush();
    run('BRPOP none jobs 0');
    flush();
    expect(backend.running).toBeNull();
    expect(output()).toEqual(['1) "jobs"', '2) "a"']);
  });
});

describe('a worker that never starts: the page takes over its server and loses nothing', () => {
  test('it says which file failed and why, then answers every line sent meanwhile, in order', async () => {
    let worker: { onerror: ((e: unknown) => void) | null } | null = null;
    const factory = () => {
      const w = {
        onmessage: null,
        onerror: null as ((e: unknown) => void) | null,
        postMessage: () => {},
        terminate: () => {},
      };
      worker = w;
      return w as unknown as Worker;
    };
    const url = 'https://lesson.example/assets/console-worker-abc.js';
    const backend = new ConsoleBackend(factory, url);
    const told: WorkerFailure[] = [];
    backend.onWorkerFailed = (f) => told.push(f);
    let greeted = false;
    backend.start(forkSpecAt(defaultScenario(), [], 0, null), ['SET typed 1'], () => {
      greeted = true;
    });
    const answers: string[][] = [];
    backend.run('GET typed', (r) => answers.push(outputs(r)));
    // the worker's code threw as it began: the event carries the error's own message
    worker!.onerror!({
      message: 'SyntaxError: nope',
      filename: url,
      lineno: 3,
      preventDefault() {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual([{ kind: 'threw', url, message: `SyntaxError: nope (${url}:3)` }]);
    expect(greeted).toBe(true);
    expect(answers).toEqual([['"1"']]);
    expect(backend.inWorker).toBe(false);
    // and it goes on answering on the page, with no second worker tried
    backend.run('PING', (r) => answers.push(outputs(r)));
    expect(answers.at(-1)).toEqual(['PONG']);
    expect(told).toHaveLength(1);
  });
});

function outputs(r: RunResult): string[] {
  return r.lines.filter((l) => l.kind === 'output').map((l) => l.text);
}
