import { expect, test } from './fixtures/test.ts';
import {
  consoleInUrl,
  consoleValue,
  send,
  survivesCase,
  WITHIN_LIMIT,
} from './fixtures/hostile.ts';
import { holdSimulatorLimits } from './fixtures/limits-held.ts';

/**
 * A console link's lines replay as typed lines run (issue #30): each is echoed and answered as
 * it comes, the line that runs is shown running with Stop, and Stop is what it is for a typed
 * line, the real server's SCRIPT KILL (UNKILLABLE after a write, SHUTDOWN NOSAVE the way out).
 * The line the learner stopped ends the replay, and the URL marks it as stopped, so a reload
 * shows the link's lines held, saying why, and runs none of them.
 *
 * The simulator's own limits are held (fixtures/limits-held.ts): Stop decides, not the machine's
 * speed.
 */
const ENDLESS = 'EVAL "while true do end" 0';
const WRITES = `EVAL "redis.call('SET', 'mark', '1') while true do end" 0`;
const KILLED =
  /\(error\) ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\./;
const LOADS = { loads: true };

test.describe('a console link whose line runs on', () => {
  test('in the lesson: shown running with Stop while it replays; Stop is SCRIPT KILL, and a reload holds it', async ({
    page,
    stepperConsole: c,
  }) => {
    await holdSimulatorLimits(page);
    const link = ['SET a 1', ENDLESS, 'SET a 2'];
    await survivesCase(
      page,
      c,
      async () => {
        await page.goto(`/#console=${consoleValue(link)}`);
        const stop = c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
        await expect(stop).toBeVisible(WITHIN_LIMIT);
        await expect(
          c.stepper.root.getByRole('status').filter({ hasText: 'Running a script' }),
        ).toBeVisible();
        // the line before it was answered as it came, and the running one is echoed
        expect(await c.rows()).toEqual(
          expect.arrayContaining(['127.0.0.1:6379> SET a 1', 'OK', `127.0.0.1:6379> ${ENDLESS}`]),
        );
        await stop.click();
        await expect(c.log).toContainText(KILLED, WITHIN_LIMIT);
        await expect(stop).toHaveCount(0);
        await expect(page.getByTestId('link-stop')).toContainText(
          `You stopped the link’s line 2 of 3, ${ENDLESS}`,
        );
        await expect(page.getByTestId('link-stop')).toContainText('Not run: SET a 2.');
      },
      LOADS,
    );
    await c.run('GET a');
    await expect(c.lastRow('output')).toHaveText('"1"');
    // the URL keeps the link's lines and says the learner stopped that one
    await expect
      .poll(() => consoleInUrl(page.url()))
      .toEqual([0, [...link, 'PING', 'GET a'], 1, 'stopped']);

    await page.reload();
    const held = page.getByTestId('link-held');
    await expect(held).toContainText(`The link says you stopped its line 2 of 5, ${ENDLESS}`);
    await expect(held.getByRole('listitem').nth(1)).toHaveText(`${ENDLESS} · you stopped it`);
    await c.run('GET a');
    // nothing ran: the fork has no `a`
    await expect(c.lastRow('output')).toHaveText('(nil)');
  });

  test('in the console embed: UNKILLABLE after a write, and SHUTDOWN NOSAVE is the way out', async ({
    page,
    consoleIn: widget,
  }) => {
    await holdSimulatorLimits(page);
    const c = widget(page);
    await survivesCase(
      page,
      c,
      async () => {
        await page.goto(`/embed/console.html#console=${consoleValue([WRITES, 'PING'])}`);
        const stop = page.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
        await expect(stop).toBeVisible(WITHIN_LIMIT);
        await expect(
          page.getByRole('status').filter({ hasText: 'Running a script' }),
        ).toBeVisible();
        await stop.click();
        await expect(c.log).toContainText(
          '(error) UNKILLABLE Sorry the script already executed write commands against the dataset.',
        );
        // still running: Stop stays, and the server's way out is SHUTDOWN NOSAVE
        await expect(stop).toBeVisible();
        await send(c, 'SHUTDOWN NOSAVE');
        await expect(c.log).toContainText('NOSAVE: its keyspace is empty.', WITHIN_LIMIT);
        await expect(stop).toHaveCount(0);
        await expect(page.getByTestId('link-stop')).toContainText(
          `You stopped the link’s line 1 of 2, ${WRITES}`,
        );
      },
      LOADS,
    );
    await c.run('EXISTS mark');
    expect((await c.rows()).at(-1)).toBe('output: (integer) 0');
  });
});
