import type { Route } from '@playwright/test';
import { routeSameOriginCourse, SAME_ORIGIN_COURSE } from './fixtures/same-origin-course.ts';
import { expect, test } from './fixtures/test.ts';
import { holdBack } from './fixtures/hold.ts';
import { watchForRunning } from './fixtures/never-running.ts';
import { luaLink, MEGABYTE_LOOP, survivesCase, WITHIN_LIMIT } from './fixtures/hostile.ts';

/**
 * The console embed opened with a `lua=` link whose script would hold a page for as long as the
 * stepper's step budget lets it: the embed makes the run it forks in the simulated server's
 * worker, as the lesson's stepper does, so the page that embeds it keeps painting while the
 * script runs, says that it runs (with Stop), opens with a message saying how the run ended, and
 * the console answers after (fixtures/hostile.ts, as every hostile case). Both the embed page and
 * the custom element use this console.
 */

/** The stepper state the link carries: {@link MEGABYTE_LOOP}, on the thousand-lease scenario. */
const STATE = luaLink(MEGABYTE_LOOP);

/**
 * What the console says of the run: the worker's time limit ended the script, or (on a machine
 * fast enough to take every step of the budget within the limit) the step budget did.
 */
const ENDED =
  /The link’s script ran for 5 seconds without ending, so the simulator ended it|The run the link names ended with an error: ERR the simulator stopped script [0-9a-f]{40} after \d+ steps/;

/**
 * The console's chunk, as the embed page and the custom element load it: held back until the
 * page is watched, so the run (made once it has arrived) falls inside the watch.
 */
const CONSOLE_CHUNK = /\/(assets|embed\/chunks)\/EmbeddedConsole-[\w-]+\.js$/;

/**
 * The console's lines an embed page's URL carries (`console=`: base64url of `[step, lines]`,
 * src/console/share.ts, which the suite cannot import), or null.
 */
function consoleLinesIn(url: string): unknown {
  const value = /[#&?]console=([\w-]+)/.exec(new URL(url).hash)?.[1];
  return value === undefined ? null : JSON.parse(Buffer.from(value, 'base64url').toString());
}

test.describe('a hostile lua= link in the console embed', () => {
  test('the embed page answers throughout, says the run is running, then how it ended, and the console works', async ({
    page,
    consoleIn,
  }) => {
    const release = await holdBack(page, CONSOLE_CHUNK);
    await page.goto(`/embed/console.html${STATE}`);
    // the page's own work while the run is made and read back
    await survivesCase(page, consoleIn(page), async () => {
      release();
      await expect(page.getByTestId('link-run-running')).toContainText(
        'Running the script the link carries',
      );
      await expect(page.getByTestId('link-run')).toContainText(ENDED, WITHIN_LIMIT);
      // before the script (the time limit left no run), or after its last step (the budget)
      await expect(page.getByTestId('console-origin')).toContainText(/step (\d+) of \1/);
    });
  });

  test('a link whose script reached a limit reopens with the script shown, not run; Run it again, or drop it', async ({
    page,
    consoleIn,
  }) => {
    const endless = 'while true do end';
    const lua = Buffer.from(endless).toString('base64url');
    await page.goto(`/embed/console.html#stepper?preset=default&x=script&k=3&lua=${lua}`);
    const ended = page.getByTestId('link-run');
    await expect(ended).toContainText(ENDED, WITHIN_LIMIT);
    // the embed page's link now says so
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&lua=[\w-]+&limit=1(&|$)/);

    // a reload (or whoever the link is sent to): the script shown, nothing run, the console at once
    const seen = await watchForRunning(page);
    await page.reload();
    const held = page.getByTestId('link-held-script');
    await expect(held).toContainText(
      'The link’s script was not run: the link says it reached a limit',
    );
    await expect(held.getByLabel('The link’s script')).toHaveText(endless);
    const cli = consoleIn(page);
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
    await expect(ended).toHaveCount(0);
    expect(await seen()).toEqual([]);

    // the line typed while the script was held, on the server as it stood before the script
    expect(consoleLinesIn(page.url())).toEqual([0, ['PING']]);

    // Run it again: it runs, and reaches the same limit; the console it opens keeps the line
    // typed, replayed at the step it was typed on (before the script), as a reload would
    await held.getByRole('button', { name: 'Run it again' }).click();
    await expect(ended).toContainText(ENDED, WITHIN_LIMIT);
    await expect(held).toHaveCount(0);
    await expect(page.getByTestId('console-origin')).toContainText(
      /step 0 of \d+ \(before the run\)/,
    );
    await expect.poll(() => cli.rows()).toContain('output: PONG');
    expect(new URL(page.url()).hash).toMatch(/&limit=1(&|$)/);
    expect(consoleLinesIn(page.url())).toEqual([0, ['PING']]);

    // reloaded again, then dropped: the lesson's script's run, and a link without the script
    await page.reload();
    await held.getByRole('button', { name: 'Drop it (back to the lesson’s script)' }).click();
    await expect(held).toHaveCount(0);
    // the lesson's run, forked at the step its line was typed on (before the script, which is
    // the same server whichever script runs after), and the line replayed there
    await expect(page.getByTestId('console-origin')).toContainText(
      /step 0 of [1-9]\d* \(before the run\)/,
    );
    await expect.poll(() => cli.rows()).toContain('output: PONG');
    await expect.poll(() => new URL(page.url()).hash).not.toMatch(/lua=|limit=/);
    expect(consoleLinesIn(page.url())).toEqual([0, ['PING']]);
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
  });

  test('Drop, with no reload between: the line typed while the script was held stays, at its step', async ({
    page,
    consoleIn,
  }) => {
    const lua = Buffer.from('while true do end').toString('base64url');
    await page.goto(`/embed/console.html#stepper?preset=default&x=script&k=3&lua=${lua}&limit=1`);
    const held = page.getByTestId('link-held-script');
    const cli = consoleIn(page);
    await cli.run('SET typed here');
    await held.getByRole('button', { name: 'Drop it (back to the lesson’s script)' }).click();
    await expect(held).toHaveCount(0);
    // as the reload above opens it: at the line's step, the line replayed
    await expect(page.getByTestId('console-origin')).toContainText(
      /step 0 of [1-9]\d* \(before the run\)/,
    );
    await expect.poll(() => cli.rows()).toContain('output: OK');
    expect(consoleLinesIn(page.url())).toEqual([0, ['SET typed here']]);
    await cli.run('GET typed');
    expect((await cli.rows()).at(-1)).toBe('output: "here"');
  });

  test('Stop ends the link’s script while it runs, and the console opens before it', async ({
    page,
    consoleIn,
  }) => {
    // the worker's file is held back, so the script is still running when Stop is pressed
    const release = await holdBack(page, /\/assets\/console-worker-[\w-]+\.js$/);
    await page.goto(`/embed/console.html${STATE}`);
    const running = page.getByTestId('link-run-running');
    await running.getByRole('button', { name: 'Stop (SCRIPT KILL)' }).click();
    await expect(page.getByTestId('link-run')).toContainText(
      'You stopped the link’s script before it ended',
    );
    await expect(running).toHaveCount(0);
    release();
    await expect(page.getByTestId('console-origin')).toContainText('step 0 of 0');
    const cli = consoleIn(page);
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
    // the embed page's link says the learner stopped it, so a reload holds it rather than
    // running it again, and says why: the learner's Stop, not a limit
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&lua=[\w-]+&limit=stopped(&|$)/);
    const seen = await watchForRunning(page);
    await page.reload();
    const held = page.getByTestId('link-held-script');
    await expect(held).toContainText('The link’s script was not run: the link says you stopped it');
    // the URL's PING replays first, as the learner sees it: a line typed while it runs waits for
    // its answer (back in the input, as redis-cli sends nothing before one), so type after it
    await expect.poll(() => cli.rows()).toContain('output: PONG');
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
    // the line typed was run, not sent back to wait: the URL carries it after the replayed one
    await expect.poll(() => consoleLinesIn(page.url())).toEqual([0, ['PING', 'PING']]);
    expect(await seen()).toEqual([]);
  });

  test('the custom element answers throughout, says how the run ended, and the console works', async ({
    page,
    consoleIn,
  }) => {
    // a course page on the lesson's own origin, so the element can start the simulator's worker
    await routeSameOriginCourse(page);
    const release = await holdBack(page, CONSOLE_CHUNK);
    await page.goto(SAME_ORIGIN_COURSE);
    // the element's module is in before the page is watched: only the run falls inside
    await page.evaluate(async () => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = new URL('embed/batch-lease.js', location.href).href;
      document.head.append(script);
      await customElements.whenDefined('batch-lease-console');
    });
    await page.evaluate((state) => {
      const element = document.createElement('batch-lease-console');
      element.setAttribute('state', state);
      document.querySelector('main')!.append(element);
    }, STATE);
    await expect(page.locator('batch-lease-console').getByRole('status')).toBeVisible();
    const element = page.locator('batch-lease-console');
    await survivesCase(page, consoleIn(element), async () => {
      release();
      await expect(element.getByTestId('link-run')).toContainText(ENDED, WITHIN_LIMIT);
    });
  });

  test('where the worker cannot start, the run is made on the page: the log says why, and the console forks at the link’s step', async ({
    page,
    problems,
    consoleIn,
  }) => {
    problems.allow(/Failed to load resource|404|console-worker/);
    await page
      .context()
      .route(/\/assets\/console-worker-[\w-]+\.js$/, (route: Route) =>
        route.fulfill({ status: 404, body: 'gone' }),
      );
    const script = "redis.call('SET', 'greeting', 'hello') return redis.call('GET', 'greeting')";
    await page.goto(
      `/embed/console.html#stepper?preset=default&x=script&k=1&lua=${Buffer.from(script).toString('base64url')}`,
    );
    const cli = consoleIn(page);
    await expect(cli.log).toContainText(
      /The simulator’s worker, \S+console-worker-[\w-]+\.js, is no longer on the server \(it answered 404\)/,
    );
    await expect(cli.log).toContainText('The console runs its server on this page instead');
    await expect(page.getByTestId('console-origin')).toContainText(/^.*step 1 of \d+/);
    await expect(page.getByTestId('link-run')).toHaveCount(0);
    await cli.run('PING');
    expect((await cli.rows()).at(-1)).toBe('output: PONG');
  });
});
