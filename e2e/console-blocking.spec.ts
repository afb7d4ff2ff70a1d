import { expect, test } from './fixtures/test.ts';
import { watchSeen } from './fixtures/never-running.ts';
import { send } from './fixtures/hostile.ts';
import { openConsoleOnPage } from './fixtures/worker-gone.ts';
import { MAX_SHOWN_LINE_CHARS } from '../src/content/shown-cut.ts';

/**
 * A blocking command on an empty list, typed in the console: the console's server is its only
 * client, so nothing can push and the wait ends by its timeout on the server's clock (which runs
 * with real time), or never. The page stays usable throughout, and Stop ends a wait for ever.
 */

test.describe('a blocking command in the console', () => {
  test('waits out its timeout, then prints what redis-cli prints after one', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    // the wait is 1.5 s: on a loaded machine it can end before the bar is looked at, so what the
    // bar showed meanwhile is recorded, not looked for after
    const seen = await watchSeen(
      c.page,
      {
        where: '[data-console] [role="status"]',
        visibleOnly: true,
        beside: { where: '[data-console] button', text: 'Stop' },
      },
      'now',
    );
    await send(c, 'BLPOP jobs 1.5');
    // while it waits, the bar says so, with Stop beside it
    await expect
      .poll(seen)
      .toContainEqual(
        expect.stringMatching(/^BLPOP is waiting out its timeout of 1\.5 s.* · Stop$/),
      );
    // the answer comes by itself once the server's clock has passed the timeout
    await expect(c.stepper.root.getByRole('button', { name: 'Stop' })).toHaveCount(0, {
      timeout: 30_000,
    });
    await expect(c.log).toContainText('(nil)');
    // redis-cli's time after a command of half a second or more: at least the timeout
    const took = (await c.lastRow('output').textContent()) ?? '';
    expect(took).toMatch(/^\(\d+\.\d\ds\)$/);
    expect(Number(took.slice(1, -2))).toBeGreaterThanOrEqual(1.5);
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
  });

  test('a timeout of 0 waits for ever, says why, and Stop ends it', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    await c.run('SET before 1');
    await send(c, 'BRPOP jobs 0');
    await expect(
      c.stepper.root
        .getByRole('status')
        .filter({ hasText: 'BRPOP with a timeout of 0 waits for ever' }),
    ).toBeVisible();
    // typed meanwhile, as another client: no script runs, so SCRIPT KILL finds none
    await send(c, 'SCRIPT KILL');
    await expect(c.log).toContainText('(error) NOTBUSY No scripts in execution right now.');
    // anything else waits for BRPOP's answer, as redis-cli sends nothing before it: kept, and said
    await send(c, 'GET before');
    await expect(c.log).toContainText(
      'BRPOP has not answered yet, and redis-cli sends the next line only after it. Your line stays in the input; Stop ends BRPOP.',
    );
    await expect(c.input).toHaveValue('GET before');
    await c.stepper.root.getByRole('button', { name: 'Stop' }).click();
    await expect(c.log).toContainText(
      'Stopped: BRPOP was waiting for ever (a timeout of 0), and no other client here could push to its keys.',
      { timeout: 30_000 },
    );
    // the kept line runs as typed
    await c.input.press('Enter');
    await expect(c.lastRow('output')).toHaveText('"1"');
  });

  test('a list with something to take, and MULTI/EXEC, answer at once', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    await c.run('RPUSH jobs a');
    await c.run('BLMOVE jobs done LEFT RIGHT 0');
    await expect(c.lastRow('output')).toHaveText('"a"');
    await c.run('MULTI');
    await c.run('BLPOP jobs 0');
    await c.run('EXEC');
    await expect(c.lastRow('output')).toHaveText('1) (nil)');
  });

  test('on the page’s own thread, Stop on a wait shows the long line it ends cut, as every shown line is', async ({
    page,
    problems,
    stepperConsole: c,
  }) => {
    // the worker's file is gone (as after a redeploy): the page runs the server, and answers a
    // line at once, so the echo comes with the answer Stop gives it
    await openConsoleOnPage(page, problems, c);
    // 30,000 characters of key, within a line (64 kB): before, its echo was one row of them all
    await send(c, `BRPOP ${'j'.repeat(30_000)} 0`);
    await c.stepper.root.getByRole('button', { name: 'Stop' }).click();
    await expect(c.log).toContainText('Stopped: BRPOP was waiting for ever', { timeout: 30_000 });
    const echo = c.log.locator('[data-kind="input"]').filter({ hasText: 'BRPOP jjj' });
    await expect(echo).toHaveCount(1);
    const shown = (await echo.textContent()) ?? '';
    expect(shown.length).toBe(MAX_SHOWN_LINE_CHARS + 1);
    expect(shown).toMatch(/^127\.0\.0\.1:6379> BRPOP j+…$/);
  });
});
