import { expect, test } from './fixtures/test.ts';
import { consoleValue, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';

/**
 * The 66-character link: an old `?console=` link whose one line repeats an endless script
 * ten thousand times. Opened in the lesson, reloaded, or opened in the console's embed page, its
 * line replays in the console's worker under the line's limit: the page answers throughout, from
 * the moment it loads (fixtures/main-thread.ts), the replay stops with a message naming the line,
 * the tab survives, and the console answers after.
 */
const LINE = '10000 EVAL "while true do end" 0';
const QUERY = `?console=${consoleValue([LINE])}`;
/** Each case opens the link: the page's load is watched too (fixtures/main-thread.ts). */
const LOADS = { loads: true };

test.describe('a ?console= link that repeats an endless script', () => {
  test('opens the lesson answering, stops its line within the limit, and on reload again', async ({
    page,
    stepperConsole: c,
  }) => {
    // a reload's link holds the PING typed after the first opening, too
    for (const [open, lines] of [
      [() => page.goto(`/${QUERY}`), 1],
      [() => page.reload(), 2],
    ] as const) {
      await survivesCase(
        page,
        c,
        async () => {
          await open();
          await expect(c.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
          await expect(page.getByTestId('link-stop')).toContainText(
            `The link’s line 1 of ${lines}, ${LINE}, reached a limit of the simulator`,
          );
        },
        LOADS,
      );
    }
  });

  test('opens the console’s embed page answering, and stops its line within the limit', async ({
    page,
    consoleIn,
  }) => {
    const c = consoleIn(page);
    await survivesCase(
      page,
      c,
      async () => {
        await page.goto(`/embed/console.html${QUERY}`);
        await expect(c.log).toContainText(/ERR the simulator stopped script/, WITHIN_LIMIT);
      },
      LOADS,
    );
  });
});
