import { describe, expect, test } from 'vitest';
import { createServer } from '../create-server.ts';
import type { BusyScript } from './types.ts';

const NOTBUSY = { error: 'NOTBUSY No scripts in execution right now.' };

/** A server standing in for one whose script of `kind` runs, having written or not. */
function standIn(kind: BusyScript['kind'], wrote: boolean) {
  const s = createServer({ now: () => 0 });
  const script: BusyScript = {
    kind,
    name: kind === 'eval' ? 'a'.repeat(40) : 'spin',
    command: [],
    startedAt: 0,
    libraries: 0,
    functions: 0,
    wrote,
  };
  s.standInFor(s.busyState(script));
  return s;
}

describe('SCRIPT KILL and FUNCTION KILL, as 7.0.15 scriptKill answers them', () => {
  test('with no script running, on any server, there is none to kill', () => {
    const s = createServer({ now: () => 0 });
    expect(s.call(['SCRIPT', 'KILL'])).toEqual(NOTBUSY);
    expect(s.call(['FUNCTION', 'KILL'])).toEqual(NOTBUSY);
    expect(s.busyKilled).toBe(false);
  });

  test('the kill that fits answers OK and tells whoever asked to end the script', () => {
    const s = standIn('eval', false);
    expect(s.call(['SCRIPT', 'KILL'])).toEqual({ status: 'OK' });
    expect(s.busyKilled).toBe(true);
    const f = standIn('function', false);
    expect(f.call(['FUNCTION', 'KILL'])).toEqual({ status: 'OK' });
    expect(f.busyKilled).toBe(true);
  });

  test('the other kind’s kill answers BUSY naming the one that fits, and ends nothing', () => {
    const s = standIn('eval', false);
    expect(s.call(['FUNCTION', 'KILL'])).toEqual({
      error:
        'BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.',
    });
    const f = standIn('function', false);
    expect(f.call(['SCRIPT', 'KILL'])).toEqual({
      error:
        'BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.',
    });
    expect(s.busyKilled || f.busyKilled).toBe(false);
  });

  test('after a write, either kill answers UNKILLABLE (before the kind is looked at)', () => {
    for (const kind of ['eval', 'function'] as const) {
      const s = standIn(kind, true);
      for (const kill of [
        ['SCRIPT', 'KILL'],
        ['FUNCTION', 'KILL'],
      ]) {
        expect(s.call(kill)).toEqual({
          error:
            'UNKILLABLE Sorry the script already executed write commands against the dataset. You can either wait the script termination or kill the server in a hard way using the SHUTDOWN NOSAVE command.',
        });
      }
      expect(s.busyKilled).toBe(false);
    }
  });

  test('standing in afresh forgets a kill', () => {
    const s = standIn('eval', false);
    s.call(['SCRIPT', 'KILL']);
    s.standInFor(null);
    expect(s.busyKilled).toBe(false);
    expect(s.call(['SCRIPT', 'KILL'])).toEqual(NOTBUSY);
  });
});
