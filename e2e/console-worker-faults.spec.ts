import { expect, test } from './fixtures/test.ts';
import { FAULT_MESSAGE, faultPageOn, faultWorkerOn } from './fixtures/faulty-worker.ts';
import { send, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { watchdogText } from '../src/console/backend.ts';

/**
 * The simulator's code fails on a line (a bug of its own, made here by a worker whose code
 * throws on one command's name: fixtures/faulty-worker.ts): the line is answered at once, the
 * log says plainly that the simulator failed and that the keyspace stands as before, the line
 * is kept, and the console goes on. Before, the worker never answered the line, and the
 * watchdog said 15 seconds later that it had run for 15 seconds, which it had not.
 */
for (const [where, fault, expected] of [
  ['in its worker', faultWorkerOn, null],
  // the browser's report of the worker's file that is gone
  ['on the page (no worker started)', faultPageOn, /Failed to load resource|404/],
] as const)
  test(`${where}: a line the simulator fails on is answered at once, truthfully, with the keyspace as before and the line kept`, async ({
    page,
    problems,
    stepperConsole: c,
  }) => {
    if (expected) problems.allow(expected);
    await fault(page, 'FAULTY');
    await c.open();
    await c.run('SET before 1');
    await send(c, 'FAULTY before');
    await expect(c.log).toContainText(
      'The simulator failed on this line: its code stopped with an error',
      WITHIN_LIMIT,
    );
    await expect(c.log).toContainText(FAULT_MESSAGE);
    await expect(c.log).toContainText('so the keyspace stands as it did before this line');
    await expect(c.log).not.toContainText(watchdogText());
    // what was typed is kept: the history gives it back
    await c.input.focus();
    await c.input.press('ArrowUp');
    await expect(c.input).toHaveValue('FAULTY before');
    await c.input.fill('');
    // the new server stands where the old one stood before the line, and answers
    await c.run('GET before');
    await expect(c.lastRow('output')).toHaveText('"1"');
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
  });
