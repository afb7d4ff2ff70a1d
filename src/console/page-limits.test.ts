import { expect, test } from 'vitest';
import { PAGE_TIME_LIMIT_MS } from '../limits/page-thread.ts';
import { defaultScenario } from '../scenario/presets.ts';
import { ConsoleHost, sharedNow, type HostReply } from './console-host.ts';
import { forkSpecAt } from './fork-spec.ts';

/**
 * Where the page runs the console's server on its own thread, a line has the page's time limit,
 * the one the stepper's runs there have (1 s), not the worker's 5 s, and its words say the limit
 * that applied: the page could not answer for the whole of it.
 */
test('on the page’s thread an endless line ends at the page’s limit, and says that limit', () => {
  const replies: HostReply[] = [];
  const host = new ConsoleHost((r) => replies.push(r), true);
  host.handle({
    kind: 'start',
    spec: forkSpecAt(defaultScenario(), [], 0, null),
    origin: sharedNow(),
    replay: [],
  });
  host.handle({ kind: 'run', line: '3 EVAL "while true do end" 0' });
  const ran = replies.find((r) => r.kind === 'ran');
  if (ran?.kind !== 'ran') throw new Error('no answer');
  const text = ran.result.lines.map((l) => l.text).join('\n');
  expect(PAGE_TIME_LIMIT_MS).toBe(1_000);
  expect(text).toMatch(/ERR the simulator stopped script [0-9a-f]{40} after 1 second \(/);
  expect(text).not.toContain('5 seconds');
});
