import { expect, test } from './fixtures/test.ts';
import { send, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';

/**
 * A line typed while a script runs is the console's second client's (`src/console/second-client.ts`),
 * answered by a server standing in for the busy one. Built on the page from the console's fork,
 * whose SCRIPT LOAD compiles the learner's script, that server held the page for 2 s with the
 * script below (a 2,000 ms frame gap on a loaded 2-core machine) as the line was typed: the
 * freeze the console's worker exists to prevent. It lives in a worker of its own now, so the
 * page only sends the line and prints the answer, and holds the bounds
 * (fixtures/hostile.ts: no main-thread task over 200 ms of CPU, the frame budget held).
 */

/** A learner's script that is quick to run and slow to load: thousands of calls never reached. */
const SLOW_TO_LOAD = [
  'if false then',
  ...Array.from({ length: 8_000 }, (_, i) => `  redis.call('GET', 'k${i}')`),
  'end',
  'return 0',
].join('\n');

test('a line typed while a script runs is answered without the page building a server', async ({
  page,
  stepper,
  stepperConsole: c,
}) => {
  test.slow();
  await stepper.goto();
  await stepper.openScriptEditor();
  // set at once, as a paste does (typing 200 KB key by key would take minutes)
  await stepper.scriptBox.evaluate((el, text) => {
    const box = el as HTMLTextAreaElement;
    const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    set.call(box, text);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, SLOW_TO_LOAD);
  await expect(stepper.scriptBox).toHaveValue(SLOW_TO_LOAD);
  await stepper.runScript();
  await expect(stepper.counter).toHaveText(/step \d+ of \d+/, WITHIN_LIMIT);
  await c.details.click();
  await expect(c.log).toContainText('The script this run loaded is cached here', WITHIN_LIMIT);
  await send(c, 'EVAL "while true do end" 0');
  const stop = c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
  await expect(stop).toBeVisible();
  await survivesCase(page, c, async () => {
    await send(c, 'GET anything');
    await expect(c.log).toContainText(
      '(error) BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.',
      WITHIN_LIMIT,
    );
    await stop.click();
    await expect(c.log).toContainText(
      /\(error\) ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\./,
      WITHIN_LIMIT,
    );
  });
});
