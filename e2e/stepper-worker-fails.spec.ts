import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import type { PageProblems } from './fixtures/page-problems.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

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
const linkOf = (lua: string, k = 1000) =>
  `stepper?preset=default&x=script&k=${k}&lua=${Buffer.from(lua).toString('base64url')}`;
const link = linkOf(SCRIPT);

/**
 * Opens the stepper on a link to `lua` with the worker's file answering 404, as after a
 * redeploy: the page makes the runs.
 */
async function openWorkerGone(
  { page, problems, stepper }: { page: Page; problems: PageProblems; stepper: StepperPage },
  lua: string,
  k?: number,
) {
  problems.allow(EXPECTED);
  await page.route(WORKER, (route: Route) => route.fulfill({ status: 404, body: '' }));
  await stepper.goto(linkOf(lua, k));
}

/** What the stepper says the page does instead. */
const FALLBACK =
  'The stepper now makes its runs on this page instead: the same runs, but without Stop';

test.describe('the simulator’s worker does not start for the stepper', () => {
  test('its file is gone (404): the stepper names it and why, and the link’s script still runs to its reply', async ({
    page,
    problems,
    stepper,
  }) => {
    await openWorkerGone({ page, problems, stepper }, SCRIPT);
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

/**
 * A learner's script of commands whose work no charge sees: STRLEN reads a 20 MB value through
 * a scan of its every byte in the simulator (a real server answers it at once), and the step
 * budget charges its arguments and reply only, so the budget lets thousands of them run, many
 * seconds of work on the page's thread. Where the page makes its runs, its time limit ends the
 * script after a second. (If STRLEN stops scanning, or its work is charged, the budget ends this
 * script first and the test says so: find another command the budget does not see.)
 */
const LONG_COMMANDS =
  "redis.call('SETRANGE', 'k', 20000000, 'x') while true do redis.call('STRLEN', 'k') end";

test("where the page makes the runs, a script of long commands ends at the page's time limit: the learner is told, and the page answers after", async ({
  page,
  problems,
  stepper,
}) => {
  // the link asks for a step past any run's end, so the run opens at its last step, the stop's
  // (how many steps a second of this work makes depends on the machine: about a thousand here)
  await openWorkerGone({ page, problems, stepper }, LONG_COMMANDS, 100_000);
  await expect(stepper.root.getByTestId('worker-fallback')).toContainText(FALLBACK);
  await expect(stepper.counter).toHaveText(/step (\d+) of \1/, { timeout: 60_000 });
  // before the limit, this run held the page until the step budget ended it, many seconds on
  await expect(stepper.root).toContainText(
    /the simulator stopped script [0-9a-f]{40} after 1 second .*that is its time limit/,
    { timeout: 60_000 },
  );
  await expect(stepper.narration).toContainText('and the simulator ends it there');
  // the page answers: the first step is drawn when asked for
  await stepper.first();
  await expect(stepper.counter).toHaveText(/step 0 of \d+/);
});
