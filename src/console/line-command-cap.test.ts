import { describe, expect, test } from 'vitest';
import { commandCapText } from '@batch-lease/redis-sim/client';
import { PAGE_COMMAND_WORK } from '../limits/page-thread.ts';
import { defaultScenario } from '../scenario/presets.ts';
import { ConsoleHost, sharedNow, type HostReply } from './console-host.ts';
import { forkSpecAt } from './fork-spec.ts';
import { LINE_COMMAND_WORK } from './line-limits.ts';

/**
 * One command is never cut short, and a typed line's time limit is read only between commands
 * and between a script's steps: so, in the worker as on the page's own thread, one command too
 * big for where it runs is refused before it runs, with words that say why and what a real
 * server would do, nothing is written, and the console answers the next line. Before, in the
 * worker such a command ran on past the line's limit until the page's watchdog ended the worker.
 */

/** A union of a 20,000-member set named a thousand times: 20,000,000 elements read. */
const HUGE = `SUNIONSTORE dest ${Array.from({ length: 1_000 }, () => 'big').join(' ')}`;

/** A console host (in a worker, or on the page) with a set of 20,000 members. */
function hostWithBigSet(onPage: boolean) {
  const replies: HostReply[] = [];
  const host = new ConsoleHost((r) => replies.push(r), onPage);
  const spec = forkSpecAt(defaultScenario(), [], 0, null);
  host.handle({ kind: 'start', spec, origin: sharedNow(), replay: [] });
  const run = (line: string) => {
    replies.length = 0;
    host.handle({ kind: 'run', line });
    const ran = replies.find((r) => r.kind === 'ran');
    if (ran?.kind !== 'ran') throw new Error('no answer');
    return ran.result.lines.filter((l) => l.kind === 'output').map((l) => l.text);
  };
  for (let from = 0; from < 20_000; from += 5_000)
    run(`SADD big ${Array.from({ length: 5_000 }, (_, i) => `m${from + i}`).join(' ')}`);
  expect(run('SCARD big')).toEqual(['(integer) 20000']);
  return run;
}

describe('one command too big for where the console runs it', () => {
  test.each([
    ['in the worker', false, LINE_COMMAND_WORK, 'time-limit'],
    ['on the page’s thread', true, PAGE_COMMAND_WORK, 'page-thread'],
  ] as const)(
    '%s: refused before it runs, in its own words; nothing written',
    (_, onPage, cap, reason) => {
      const run = hostWithBigSet(onPage);
      expect(run(HUGE)).toEqual([`(error) ${commandCapText('sunionstore', cap, reason)}`]);
      expect(run('EXISTS dest')).toEqual(['(integer) 0']);
      expect(run('PING')).toEqual(['PONG']);
    },
  );

  test('in the worker the words name the time limit, not the page', () => {
    const run = hostWithBigSet(false);
    const [text] = run(HUGE);
    expect(text).toContain('cannot cut a command short to keep to its time limit');
    expect(text).toContain('A real server would run it to its end, however long');
    expect(text).not.toContain('page');
  });
});
