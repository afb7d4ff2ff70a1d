import { describe, expect, test, vi } from 'vitest';
import { defaultScenario } from '../scenario/presets.ts';
import { ConsoleHost, sharedNow, type HostReply, type RanLine } from './console-host.ts';
import { forkSpecAt } from './fork-spec.ts';

const scenario = defaultScenario();
const spec = forkSpecAt(scenario, [], 0, null);

/** A host started on a fork whose clock began `agoMs` ago, after replaying `replay`. */
function hostStarted(agoMs: number, replay: readonly RanLine[]) {
  const replies: HostReply[] = [];
  const host = new ConsoleHost((r) => replies.push(r));
  host.handle({ kind: 'start', spec, origin: sharedNow() - agoMs, replay });
  const started = replies.find((r) => r.kind === 'started');
  /** Runs a line and answers its output lines, when it began and the work it did. */
  const run = (line: string) => {
    replies.length = 0;
    host.handle({ kind: 'run', line });
    const ran = replies.find((r) => r.kind === 'ran')!;
    if (ran.kind !== 'ran') throw new Error('no answer');
    return {
      out: ran.result.lines.filter((l) => l.kind === 'output').map((l) => l.text),
      at: ran.at,
      steps: ran.result.steps,
    };
  };
  return { started, run };
}

describe('a new server replaying the lines typed (after Stop or SCRIPT KILL)', () => {
  test('reads the clock each line first read, and goes on from where the old one stood', () => {
    // typed 4 s after the fork: the key's 3 s ran out a second ago, and TIME was read then
    const replay = [
      { line: 'SET k v PX 3000', at: 1_000 },
      { line: `EVAL "redis.call('SET', 't', redis.call('TIME')[1])" 0`, at: 4_000 },
    ];
    const { started, run } = hostStarted(10_000, replay);
    expect(started).toMatchObject({ typed: replay });
    expect(run('EXISTS k').out).toEqual(['(integer) 0']);
    expect(run('GET t').out).toEqual([`"${Math.floor((scenario.clockMs + 4_000) / 1000)}"`]);
    // the fork's clock goes on: ten seconds since it began, not a fresh start
    const { out, at } = run('TIME');
    expect(at).toBeGreaterThanOrEqual(10_000);
    expect(Number(/"(\d+)"/.exec(out[0]!)?.[1])).toBeGreaterThanOrEqual(
      Math.floor((scenario.clockMs + 10_000) / 1000),
    );
  });

  test("a link's lines, which never ran here, run on the clock as it stands and say when", () => {
    const { started } = hostStarted(2_000, [{ line: 'SET a 1' }]);
    expect(started).toMatchObject({ typed: [{ line: 'SET a 1' }] });
    if (started?.kind !== 'started') throw new Error('not started');
    expect(started.typed[0]!.at).toBeGreaterThanOrEqual(2_000);
  });
});

test('a replay that restarts the server (SHUTDOWN) comes back with the same run_id', () => {
  const runId = () => {
    const { run } = hostStarted(0, [{ line: 'SHUTDOWN', at: 0 }]);
    return run('INFO server').out.find((l) => l.startsWith('run_id:'));
  };
  const first = runId();
  expect(first).toMatch(/^run_id:[0-9a-f]{40}$/);
  expect(runId()).toBe(first);
});

test('a line the time limit stopped, replayed, stops at the same step: its writes come out the same', () => {
  const count = `EVAL "local i = 0 while true do i = i + 1 redis.call('SET', 'n', i) end" 0`;
  // the first run on a clock that races (a second a read), so its 5 s pass quickly
  let t = performance.now();
  const racing = vi.spyOn(performance, 'now').mockImplementation(() => (t += 1_000));
  const first = hostStarted(0, []);
  const { out, at, steps } = first.run(count);
  expect(out.join('\n')).toMatch(/ERR the simulator stopped script [0-9a-f]{40} after 5 seconds/);
  const n = first.run('GET n').out;
  racing.mockRestore();
  expect(steps).toBeGreaterThan(0);
  // the replay, on the real clock, does that much work and no more
  const { started, run } = hostStarted(0, [{ line: count, at, steps }]);
  expect(started).toMatchObject({ typed: [{ line: count, steps }] });
  expect(run('GET n').out).toEqual(n);
});

test('a line this console ran before (it has its `at`) replays to its stop, and the replay goes on', () => {
  const endless = 'EVAL "while true do end" 0';
  const again = hostStarted(0, [
    { line: endless, at: 0, steps: 1_000 },
    { line: 'SET a 3', at: 1 },
  ]);
  expect(again.started).toMatchObject({ typed: [{ line: endless }, { line: 'SET a 3' }] });
  expect(again.run('GET a').out).toEqual(['"3"']);
});
