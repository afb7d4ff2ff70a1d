import type { Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { send, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';

/**
 * Where the console runs its server on the page's own thread (its worker's file is gone here,
 * as after a redeploy), nothing can interrupt a command: one that would read millions of
 * elements is refused before it runs, in words that say why and what to do, so the page keeps
 * answering, nothing is written, and the console goes on. Before, the line's time limit, read
 * between a script's steps, could not end it, and the page froze until the command finished.
 */

/** The console's worker's file, as the built site names it. */
const WORKER = /\/assets\/console-worker-[\w-]+\.js$/;
// the browser's own reports of the file that is gone, expected here
const EXPECTED = /Failed to load resource|404|console-worker/;

/** A set of 20,000 members, added 5,000 at a time. */
const BUILD =
  'EVAL "local t = {} for j = 0, 3 do for i = 1, 5000 do t[i] = j * 5000 + i end ' +
  "redis.call('SADD', KEYS[1], unpack(t)) end return redis.call('SCARD', KEYS[1])\" 1 big";
/** A union of that set named a thousand times: 20,000,000 members read, in one command. */
const HUGE = `SUNIONSTORE dest ${Array.from({ length: 1_000 }, () => 'big').join(' ')}`;

test('on the page’s own thread, one huge command is refused before it runs: the page answers, the learner reads why, nothing is written', async ({
  page,
  problems,
  stepperConsole: c,
}) => {
  problems.allow(EXPECTED);
  await page.route(WORKER, (route: Route) => route.fulfill({ status: 404, body: 'gone' }));
  await c.open();
  await expect(c.log).toContainText('The console runs its server on this page instead');
  await c.run(BUILD);
  await expect(c.lastRow('output')).toHaveText('(integer) 20000');
  await survivesCase(page, c, async () => {
    await send(c, HUGE);
    await expect(c.log).toContainText(
      '(error) ERR the simulator did not run SUNIONSTORE here: it would read or write over 1,000,000 elements',
      WITHIN_LIMIT,
    );
    await expect(c.log).toContainText('Nothing was written.');
    await expect(c.log).toContainText('here, use smaller keys.');
  });
  await c.run('EXISTS dest');
  await expect(c.lastRow('output')).toHaveText('(integer) 0');
});
