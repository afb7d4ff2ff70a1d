import { expect, test } from './fixtures/test.ts';
import {
  consoleInUrl,
  consoleValue,
  send,
  survivesCase,
  WITHIN_LIMIT,
} from './fixtures/hostile.ts';
import { watchForRunning } from './fixtures/never-running.ts';

/**
 * The 66-character link: an old `?console=` link whose one line repeats an endless script
 * ten thousand times. Opened in the lesson, reloaded, or opened in the console's embed page, its
 * line replays in the console's worker under the line's limit: the page answers throughout, from
 * the moment it loads (fixtures/main-thread.ts), the replay stops with a message naming the line,
 * the tab survives, and the console answers after. The URL then says which line reached the
 * limit, so a reload shows the lines without running them, until the learner runs them again
 * or drops them.
 */
const LINE = '10000 EVAL "while true do end" 0';
const QUERY = `?console=${consoleValue([LINE])}`;
/** Each case opens the link: the page's load is watched too (fixtures/main-thread.ts). */
const LOADS = { loads: true };

test.describe('a ?console= link that repeats an endless script', () => {
  test('opens the lesson answering and stops its line within the limit; on reload its lines are shown, not run', async ({
    page,
    stepperConsole: c,
  }) => {
    await survivesCase(
      page,
      c,
      async () => {
        await page.goto(`/${QUERY}`);
        await expect(c.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
        await expect(page.getByTestId('link-stop')).toContainText(
          `The link’s line 1 of 1, ${LINE}, reached a limit of the simulator`,
        );
      },
      LOADS,
    );
    // the URL says which line reached the limit (the PING typed after it follows)
    await expect.poll(() => consoleInUrl(page.url())).toEqual([0, [LINE, 'PING'], 0]);

    // a reload (or whoever the link is sent to): the lines at once, none of them run
    const seen = await watchForRunning(page);
    await page.reload();
    const held = page.getByTestId('link-held');
    await expect(held).toContainText(
      `This link’s lines were not run. The link says its line 1 of 2, ${LINE}, reached a limit of the simulator`,
    );
    await expect(held.getByRole('listitem')).toHaveText([`${LINE} · reached a limit`, 'PING']);
    await expect(c.log).toContainText('Connected to the simulated');
    // nothing runs: a replay would answer PING only after its line's limit, whose error would
    // stand in the log before the PONG
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
    await expect(c.log).not.toContainText('the simulator stopped script');
    expect(await seen()).toEqual([]);
    // the link still holds them, the line typed since after them
    await expect.poll(() => consoleInUrl(page.url())).toEqual([0, [LINE, 'PING', 'PING'], 0]);

    // Run them again: they run, and the same line reaches the limit again
    await held.getByRole('button', { name: 'Run them again' }).click();
    await expect(held).toHaveCount(0);
    await expect(c.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
    await expect(page.getByTestId('link-stop')).toContainText(
      `The link’s line 1 of 3, ${LINE}, reached a limit of the simulator`,
    );

    // reloaded again, then dropped: a console that works, and a URL without the lines
    await page.reload();
    await held.getByRole('button', { name: 'Drop the link’s lines' }).click();
    await expect(held).toHaveCount(0);
    await expect.poll(() => consoleInUrl(page.url())).toBeNull();
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
    await page.reload();
    await expect(page.getByTestId('link-held')).toHaveCount(0);
  });

  test('a line the learner typed that reached a limit ends with a message within the limit, is marked at once, and the first reload holds it', async ({
    page,
    stepperConsole: c,
  }) => {
    await c.open();
    // a line before it, so the mark names the line that reached the limit, not the first one
    await c.run('SET a 1');
    // typed, not linked: the page answers while it runs, and the console says it stopped the
    // repeats where the script was stopped (console-limits' "a repeat count in front of an
    // endless script" was this line typed, in a test of its own)
    await survivesCase(page, c, async () => {
      await send(c, LINE);
      await expect(c.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
      await expect(c.log).toContainText(/The console ran this 1 of 10,000 times/);
      // marked at once, before another line is typed: the line at 1 reached the limit
      await expect.poll(() => consoleInUrl(page.url())).toEqual([0, ['SET a 1', LINE], 1]);
    });
    // the case's PING follows it in the link, the mark kept on it
    await expect.poll(() => consoleInUrl(page.url())).toEqual([0, ['SET a 1', LINE, 'PING'], 1]);
    const seen = await watchForRunning(page);
    await page.reload();
    const held = page.getByTestId('link-held');
    await expect(held.getByRole('listitem')).toHaveText([
      'SET a 1',
      `${LINE} · reached a limit`,
      'PING',
    ]);
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
    await expect(c.log).not.toContainText('the simulator stopped script');
    expect(await seen()).toEqual([]);
  });

  test('opens the console’s embed page answering, stops its line within the limit, and on reload holds it', async ({
    page,
    consoleIn: widget,
  }) => {
    const c = widget(page);
    await survivesCase(
      page,
      c,
      async () => {
        await page.goto(`/embed/console.html${QUERY}`);
        await expect(c.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
      },
      LOADS,
    );
    await expect.poll(() => consoleInUrl(page.url())).toEqual([0, [LINE, 'PING'], 0]);
    const seen = await watchForRunning(page);
    await page.reload();
    const held = page.getByTestId('link-held');
    await expect(held.getByRole('listitem')).toHaveText([`${LINE} · reached a limit`, 'PING']);
    await c.run('PING');
    expect((await c.rows()).at(-1)).toBe('output: PONG');
    expect(await seen()).toEqual([]);
    await held.getByRole('button', { name: 'Drop the link’s lines' }).click();
    await expect.poll(() => consoleInUrl(page.url())).toEqual([0, ['PING']]);
  });
});
