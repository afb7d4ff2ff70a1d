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
const linkOf = (lua: string, k = 1000, preset = 'default') =>
  `stepper?preset=${preset}&x=script&k=${k}&lua=${Buffer.from(lua).toString('base64url')}`;
const link = linkOf(SCRIPT);

/**
 * Opens the stepper on a link to `lua` with the worker's file answering 404, as after a
 * redeploy: the page makes the runs.
 */
async function openWorkerGone(
  { page, problems, stepper }: { page: Page; problems: PageProblems; stepper: StepperPage },
  lua: string,
  k?: number,
  preset?: string,
) {
  problems.allow(EXPECTED);
  await page.route(WORKER, (route: Route) => route.fulfill({ status: 404, body: '' }));
  await stepper.goto(linkOf(lua, k, preset));
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
 * A learner's script whose work no charge sees: a stepper's run journals around each command the
 * sets its arguments could name, copying each before and after the call (sorting a set of
 * integers by value), and that work is left out of the step budget so that a stepped run pays
 * what the same run unstepped pays. Ten sets of 512 integers named by every call make each call
 * cost the page milliseconds for a few steps, so the budget of the thousand-lease preset
 * (50,040 steps) would let a minute of them run on the page's thread (68 s on the loaded 2-core
 * machine). Where the page makes its runs, its time limit ends the script after a second. (If
 * the journal's copies are charged or made cheap, the budget ends this script first and the test
 * says so: find other work the budget does not see. STRLEN over a 20 MB value served here until
 * its scan, and SETRANGE's fill, were charged.)
 */
const LONG_COMMANDS =
  'local t = {} for i = 1, 512 do t[i] = i end\n' +
  "for k = 1, 10 do redis.call('SADD', 's' .. k, unpack(t)) end\n" +
  "while true do redis.call('SADD', 'x', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10') end";

test("where the page makes the runs, a script of long commands ends at the page's time limit: the learner is told, and the page answers after", async ({
  page,
  problems,
  stepper,
}) => {
  // the link asks for a step past any run's end, so the run opens at its last step, the stop's
  // (how many steps a second of this work makes depends on the machine: about a thousand here)
  await openWorkerGone({ page, problems, stepper }, LONG_COMMANDS, 100_000, 'thousand');
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
