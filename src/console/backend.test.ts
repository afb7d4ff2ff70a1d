import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { defaultScenario } from '../scenario/presets.ts';
import { ConsoleBackend } from './backend.ts';
import { ConsoleHost, type HostRequest } from './console-host.ts';
import { forkSpecAt } from './fork.ts';
import type { RunResult } from './session.ts';

/**
 * Workers that answer only when told (`flush`), so a line can be left running and ended, as
 * Stop ends one; each holds its own server, as a real worker does.
 */
function workers() {
  const made: { queue: HostRequest[]; host: ConsoleHost; ended: boolean }[] = [];
  const factory = () => {
    const w = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (req: HostRequest) => entry.queue.push(req),
      terminate: () => void (entry.ended = true),
    };
    const entry = {
      queue: [] as HostRequest[],
      host: new ConsoleHost((data) => w.onmessage?.({ data } as MessageEvent)),
      ended: false,
    };
    made.push(entry);
    return w as unknown as Worker;
  };
  const flush = () => {
    for (const w of made) while (!w.ended && w.queue.length > 0) w.host.handle(w.queue.shift()!);
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
