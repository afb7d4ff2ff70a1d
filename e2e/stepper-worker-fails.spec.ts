import type { Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

/**
 * The simulator's worker, where the stepper runs a learner's script, did not start (its file
 * gone after a redeploy, or throwing as it began): the stepper says which file failed and why,
 * in the console's words, and what that changes (the page makes the runs, without Stop); and
 * the link's script still runs to its reply.
 */

/** The worker's file, as the built site names it. */
const WORKER = /\/assets\/console-worker-[\w-]+\.js$/;
const WORKER_URL = /http:\/\/127\.0\.0\.1:\d+\/assets\/console-worker-[\w-]+\.js/.source;

// the browser's own reports of the failed file, expected here
const EXPECTED = /Failed to load resource|404|console-worker|broken on purpose/;

/** A learner's script, as a `lua=` link carries it, and what it answers. */
const SCRIPT = "redis.call('SET', 'greeting', 'hello') return redis.call('GET', 'greeting')";
const link = `stepper?preset=default&x=script&k=1000&lua=${Buffer.from(SCRIPT).toString('base64url')}`;

/** What the stepper says the page does instead. */
const FALLBACK =
  'The stepper now makes its runs on this page instead: the same runs, but without Stop';

test.describe('the simulator’s worker does not start for the stepper', () => {
  test('its file is gone (404): the stepper names it and why, and the link’s script still runs to its reply', async ({
    page,
    problems,
    stepper,
  }) => {
    problems.allow(EXPECTED);
    await page.route(WORKER, (route: Route) => route.fulfill({ status: 404, body: '' }));
    await stepper.goto(link);
    const notice = stepper.root.getByTestId('worker-fallback');
    await expect(notice).toContainText(
      new RegExp(
        `The simulator’s worker, ${WORKER_URL}, is no longer on the server \\(it answered 404\\)`,
      ),
    );
    await expect(notice).toContainText(FALLBACK);
    await expect(notice.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expect(stepper.counter).toHaveText(/step (\d+) of \1/);
    await expect(stepper.narration).toContainText(`return redis.call('GET', 'greeting'): "hello"`);
  });

  test('it throws as it starts: the stepper says so with the error, and the link’s script still runs to its reply', async ({
    page,
    problems,
    stepper,
  }) => {
    problems.allow(EXPECTED);
    await page.route(WORKER, (route: Route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: "throw new Error('broken on purpose');",
      }),
    );
    await stepper.goto(link);
    const notice = stepper.root.getByTestId('worker-fallback');
    await expect(notice).toContainText(
      new RegExp(`The simulator’s worker, ${WORKER_URL}, stopped with an error as it started: `),
    );
    await expect(notice).toContainText('broken on purpose');
    await expect(notice).toContainText(FALLBACK);
    await expect(stepper.counter).toHaveText(/step (\d+) of \1/);
    await expect(stepper.narration).toContainText(`return redis.call('GET', 'greeting'): "hello"`);
    // said until the learner has read it
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
  });
});
