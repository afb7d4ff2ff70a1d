import { expect, test } from './fixtures/test.ts';
import { commandCapText } from '@batch-lease/redis-sim/client';
import { send, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { openConsoleOnPage } from './fixtures/worker-gone.ts';
import { PAGE_COMMAND_WORK } from '../src/limits/page-thread.ts';

/**
 * Where the console runs its server on the page's own thread (its worker's file is gone here,
 * as after a redeploy), nothing can interrupt a command: one that would read millions of
 * elements is refused before it runs, in words that say why and what to do, so the page keeps
 * answering, nothing is written, and the console goes on. Before, the line's time limit, read
 * between a script's steps, could not end it, and the page froze until the command finished.
 */

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
  await openConsoleOnPage(page, problems, c);
  await c.run(BUILD);
  await expect(c.lastRow('output')).toHaveText('(integer) 20000');
  await survivesCase(page, c, async () => {
    await send(c, HUGE);
    await expect(c.log).toContainText(
      `(error) ERR the simulator did not run SUNIONSTORE here: it would read or write over ${PAGE_COMMAND_WORK.toLocaleString('en-US')} elements`,
      WITHIN_LIMIT,
    );
    await expect(c.log).toContainText('Nothing was written.');
    await expect(c.log).toContainText('here, use smaller keys.');
  });
  await c.run('EXISTS dest');
  await expect(c.lastRow('output')).toHaveText('(integer) 0');
});

/**
 * A script that adds 10,000 members to a sorted set (`m<from>` … scored by their number): a
 * short line, since every line typed is kept in the URL and the history.
 */
const zadds = (from: number) =>
  `EVAL "for i = ${from + 1}, ${from + 10_000} do redis.call('ZADD', 'z', i, 'm' .. i) end" 0`;

test('on the page’s own thread, a command the earlier cap let hold the page (a union of sorted sets) is refused before it runs', async ({
  page,
  problems,
  stepperConsole: c,
}) => {
  // ZUNION builds a sorted set of its result, about 1 µs an element of its work: a union of a
  // 60,000-member sorted set with itself is 120,000 members read and 60,000 ordered, a few
  // hundred ms of the page's thread on a loaded machine, which the earlier cap (1,000,000) let
  // run. (A read: a write line's change list reads the whole keyspace, whatever the command.)
  await openConsoleOnPage(page, problems, c);
  for (let from = 0; from < 60_000; from += 10_000) await c.run(zadds(from));
  await c.run('ZCARD z');
  await expect(c.lastRow('output')).toHaveText('(integer) 60000');
  await survivesCase(page, c, async () => {
    await send(c, 'ZUNION 2 z z');
    await expect(c.log).toContainText(
      `(error) ${commandCapText('zunion', PAGE_COMMAND_WORK, 'page-thread')}`,
      WITHIN_LIMIT,
    );
  });
});
