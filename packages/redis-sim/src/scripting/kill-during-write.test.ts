import { describe, expect, test } from 'vitest';
import { UNKILLABLE_TEXT } from '../busy-texts.ts';
import type { BusyState, CommandSpec, ScriptObserver } from '../commands/types.ts';
import { createServer } from '../create-server.ts';
import { commandCapText } from '../stop-texts.ts';

/**
 * A real server reads SCRIPT KILL only between a script's Lua instructions, and its scriptCall
 * marks the script as having written before call() runs a write command: so a kill sent while
 * the script's first write command runs is read after it, and answers UNKILLABLE. Whoever hosts
 * a server whose script runs (a page with the server in a worker) answers kills from what its
 * ScriptObserver has told it, so the mark must be told as the command starts; a write the
 * simulator's own cap refused, having written nothing, takes it back (a kill then ends the script).
 */

/** SCRIPT KILL, from a second client, answered as the host would answer it now. */
type Kill = () => unknown;

/**
 * A server whose running script is watched as a host watches it, keeping what another client
 * meets from what the server tells; `commands` (a module's) may send `kill` as they run.
 */
function watched(commands: (kill: Kill) => CommandSpec[] = () => []) {
  let busy: BusyState | null = null;
  const kill: Kill = () => {
    const second = createServer({});
    second.standInFor(busy);
    return second.call(['SCRIPT', 'KILL']);
  };
  const server = createServer({ modules: [{ name: 'probe', commands: commands(kill) }] });
  const mark = (wrote: boolean) => {
    if (busy) busy = { ...busy, script: { ...busy.script, wrote } };
  };
  const observer: ScriptObserver = {
    started: (script) => (busy = server.busyState(script)),
    wrote: () => mark(true),
    unwrote: () => mark(false),
    at: () => {},
  };
  server.scriptObserver = observer;
  return { server, kill };
}

describe('SCRIPT KILL read during and after a script’s first write command', () => {
  test('read while the write command runs, it answers UNKILLABLE', () => {
    const answers: unknown[] = [];
    // a write command long enough to type a kill into: the kill is read as it runs
    const { server } = watched((kill) => [
      {
        name: 'probe.write',
        arity: 2,
        flags: ['write'],
        run: () => {
          answers.push(kill());
          return { status: 'OK' };
        },
      },
    ]);
    expect(server.call(['EVAL', "return redis.call('probe.write', 'k')", '0'])).toEqual({
      status: 'OK',
    });
    expect(answers).toEqual([{ error: UNKILLABLE_TEXT }]);
  });

  test('read after a first write the cap refused, it ends the script; after a write that ran, it cannot', () => {
    const { server, kill } = watched();
    server.call(['SADD', 'a', ...Array.from({ length: 600 }, (_, i) => `m${i}`)]);
    server.commandWorkCap = 1_000;
    expect(server.call(['EVAL', "redis.call('SUNIONSTORE', 'd', 'a', 'a')", '0'])).toEqual({
      error: commandCapText('sunionstore', 1_000, 'page-thread'),
    });
    expect(kill()).toEqual({ status: 'OK' });
    // a write that ran is a write, whatever a refused one after it did
    server.call([
      'EVAL',
      "redis.call('SET', 'x', 1) redis.call('SUNIONSTORE', 'd', 'a', 'a')",
      '0',
    ]);
    expect(kill()).toEqual({ error: UNKILLABLE_TEXT });
  });
});
