import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

/**
 * The console's worker did not start (its file gone after a redeploy, or refused by the page's
 * policy): the console says which file failed and why, runs its server on the page instead,
 * answers what was typed while it found out, and goes on answering.
 */

/** The console's worker's file, as the built site names it. */
const WORKER = /\/assets\/console-worker-[\w-]+\.js$/;
const WORKER_URL = /http:\/\/127\.0\.0\.1:\d+\/assets\/console-worker-[\w-]+\.js/.source;

/** The simulator's chunk the page loads to run the console's server itself (src/console/page-port.ts). */
const SERVER = /\/assets\/server-side-[\w-]+\.js$/;
const SERVER_URL = /http:\/\/127\.0\.0\.1:\d+\/assets\/server-side-[\w-]+\.js/.source;

// the browser's own reports of the failed file, expected here
const EXPECTED = /Failed to load resource|404|console-worker/;
/** the same, when the server's chunk the page would load instead fails too */
const BOTH_FAILING = /Failed to load resource|404|console-worker|server-side|dynamically imported/;

/** Opens the console and types a line at once, before the worker's fate is known. */
async function openAndType(page: Page, c: import('./fixtures/console-page.ts').ConsolePage) {
  await c.openBeforeWorker('/');
  await c.input.fill('SET typed kept');
  await c.input.press('Enter');
}

test.describe('the console’s worker does not start', () => {
  test('its file is gone (404): the console names it, runs on the page, and keeps what was typed', async ({
    page,
    problems,
    stepperConsole: c,
  }) => {
    problems.allow(EXPECTED);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // the worker's file answers 404 only once a line has been typed: the line waits on it
    await page.route(WORKER, async (route: Route) => {
      await held;
      await route.fulfill({ status: 404, body: 'gone' });
    });
    await openAndType(page, c);
    release();
    await expect(c.log).toContainText(
      new RegExp(
        `The simulator’s worker, ${WORKER_URL}, is no longer on the server \\(it answered 404\\)`,
      ),
    );
    await expect(c.log).toContainText('The console runs its server on this page instead');
    await expect(c.log).toContainText('Connected to the simulated');
    // the line typed while the worker failed ran all the same
    await expect(c.log).toContainText('OK');
    await c.run('GET typed');
    await expect(c.lastRow('output')).toHaveText('"kept"');
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
  });

  test('the server the page would run instead is gone too: the console names both files and keeps what was typed', async ({
    page,
    problems,
    stepperConsole: c,
  }) => {
    problems.allow(BOTH_FAILING);
    await page.route(WORKER, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.route(SERVER, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await openAndType(page, c);
    await expect(c.log).toContainText(
      new RegExp(`The simulator’s worker, ${WORKER_URL}, is no longer on the server`),
    );
    await expect(c.log).toContainText(
      new RegExp(
        `The simulator is no longer on the server: .*\\(The server answered 404 for ${SERVER_URL}\\.\\)`,
      ),
    );
    await expect(c.log).toContainText('What was typed is kept');
    // the line typed stays in the log, waiting for a server
    await expect(c.log).toContainText('127.0.0.1:6379> SET typed kept');
  });

  test('the server the page would run instead fails to load once: the next line sent loads it again, and every line waiting runs', async ({
    page,
    problems,
    stepperConsole: c,
  }) => {
    problems.allow(BOTH_FAILING);
    await page.route(WORKER, (route) => route.fulfill({ status: 404, body: 'gone' }));
    // The page's chunk fails once (the connection drops), and is served from then on. Once, and
    // held until the line is typed: a chunk failing until the test heals it leaves an import
    // begun while it failed still on its way when the test heals it; that import fails, and the
    // lines wait for the next one (the flake of 54a87be).
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(SERVER, async (route: Route) => {
      if (++asked > 1) return route.continue();
      await typed;
      await route.abort('connectionfailed');
    });
    await openAndType(page, c);
    release();
    await expect(c.log).toContainText(
      new RegExp(
        `The simulator could not be loaded: the connection failed\\. Check it, then send the next line\\. \\(No answer came for ${SERVER_URL}\\.\\)`,
      ),
    );
    await expect(c.log).toContainText('What was typed is kept');
    // the console has no Retry button, so its words never ask for one
    await expect(c.log).not.toContainText('Retry');
    await expect(c.log).not.toContainText('Connected to the simulated');
    // the retry: this line loads the chunk again; the fork, the line typed before and this one
    // run in the order they were typed
    await c.input.fill('GET typed');
    await c.input.press('Enter');
    await expect(c.log).toContainText('Connected to the simulated');
    await expect(c.lastRow('output')).toHaveText('"kept"');
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
  });

  test('the page’s policy refuses it (worker-src): the console names the file and the directive', async ({
    page,
    problems,
    stepperConsole: c,
  }) => {
    problems.allow(EXPECTED);
    // the lesson's own policy, with workers refused
    await page.route('/', async (route) => {
      const res = await route.fetch();
      const headers = res.headers();
      headers['content-security-policy'] =
        `${headers['content-security-policy']}; worker-src 'none'`;
      await route.fulfill({ response: res, headers });
    });
    await openAndType(page, c);
    await expect(c.log).toContainText(
      new RegExp(
        `The simulator’s worker, ${WORKER_URL}, was refused by this page’s Content-Security-Policy \\(worker-src\\)`,
      ),
    );
    await expect(c.log).toContainText('OK');
    await c.run('GET typed');
    await expect(c.lastRow('output')).toHaveText('"kept"');
    await c.run('PING');
    await expect(c.lastRow('output')).toHaveText('PONG');
    // the refusals this test caused on purpose, all of them the worker's
    const { csp } = await problems.take();
    expect(csp.length).toBeGreaterThan(0);
    for (const v of csp) expect(v).toMatch(/console-worker/);
  });
});
