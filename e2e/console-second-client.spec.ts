import { expect, test } from './fixtures/test.ts';
import { send, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { holdSimulatorLimits } from './fixtures/limits-held.ts';
import { MAX_SHOWN_LINE_CHARS } from '../src/content/shown-cut.ts';

/**
 * A line typed while a script runs is the console's second client's (`src/console/second-client.ts`):
 * it goes to a worker of its own, where a server standing in for the busy one answers it as the
 * simulator answers any client of a busy server, the kills included; the page only sends the
 * line, prints the answer, and ends the running line when the answer says the script was killed.
 *
 * What only that client gives: a kill spelt as redis-cli also reads it, `"script" "kill"` in
 * quotes, kills the script, because the simulator reads the line, not the page. Before the
 * second client's worker (27abb44, the parent of c1bd09e), the page matched the words
 * `script kill` itself and sent any other line to a stand-in it built on its own thread, which
 * knew of no running script: there this line answered `NOTBUSY No scripts in execution right
 * now.` and the script ran on until the time limit ended it. The page's bounds
 * (fixtures/hostile.ts) do not tell the two apart: that page-side stand-in, even loaded with a
 * learner's script of 8,000 calls, took 85 ms of CPU in its longest task (800 ms of wall clock
 * on a loaded 2-core machine), under the 200 ms bound; they are asserted as every hostile case
 * asserts them.
 */
test('a kill typed while a script runs, in any spelling redis-cli reads, is the simulator’s: the script ends', async ({
  page,
  stepper,
  stepperConsole: c,
}) => {
  // the kill decides, not the machine's speed: the script's limits cannot end it first
  await holdSimulatorLimits(page);
  await stepper.goto();
  await c.details.click();
  await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
  await send(c, 'EVAL "while true do end" 0');
  await expect(c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' })).toBeVisible();
  await survivesCase(page, c, async () => {
    await send(c, 'GET anything');
    await expect(c.log).toContainText(
      '(error) BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.',
      WITHIN_LIMIT,
    );
    await send(c, '"script" "kill"');
    await expect(c.log).toContainText(
      /\(error\) ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\./,
      WITHIN_LIMIT,
    );
  });
  await expect(c.log).not.toContainText('NOTBUSY');
});

test('a long line typed while a script runs is echoed cut, as every shown line is', async ({
  page,
  stepperConsole: c,
}) => {
  // the script runs until Stop, whatever the machine's speed
  await holdSimulatorLimits(page);
  await c.open();
  await send(c, 'EVAL "while true do end" 0');
  const stop = c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
  await expect(stop).toBeVisible();
  // 30,000 characters, within a line (64 kB): before, its echo was one row of all of them
  await send(c, `GET ${'k'.repeat(30_000)}`);
  await expect(c.log).toContainText('(error) BUSY Redis is busy running a script.', WITHIN_LIMIT);
  const echo = c.log.locator('[data-kind="input"]').filter({ hasText: 'GET kkk' });
  await expect(echo).toHaveCount(1);
  const shown = (await echo.textContent()) ?? '';
  expect(shown.length).toBe(MAX_SHOWN_LINE_CHARS + 1);
  expect(shown).toMatch(/^127\.0\.0\.1:6379> GET k+…$/);
  await stop.click();
  await expect(c.log).toContainText('ERR Script killed by user with SCRIPT KILL', WITHIN_LIMIT);
});
