import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { StepperPage } from './fixtures/stepper-page.ts';
import { luaLink, MEGABYTE_LOOP } from './fixtures/hostile.ts';
import { holdSimulatorLimits } from './fixtures/limits-held.ts';

/**
 * The custom elements on a course page of another origin, and the simulator's worker. A browser
 * starts no worker from another origin's URL; an element with `off-thread` starts it from a
 * `blob:` URL made on the host page, which the host's CSP must allow (`worker-src blob:
 * <lesson>`: fixtures/course-host.ts's `/workers.html`). Without the attribute no worker is
 * tried, so a strict host (`/blank.html`, the course page) reports nothing and the element runs
 * on the page, saying so (e2e/embed.spec.ts holds those hosts to no violation at all).
 */

/** A script that never ends by itself. */
const ENDLESS = 'EVAL "while true do end" 0';

/** The costliest steps a script can take in the stepper: a traced write each, until the budget. */
const HOSTILE = "local i = 0 while true do i = i + 1 redis.call('SET', 'k' .. i, i) end";

/** What the console says when it runs on the page (content/console.ts). */
const ON_THE_PAGE = 'The console runs its server on this page instead';

/** Room for the simulator's stop and a worker's start on a busy machine. */
const SLOW = { timeout: 30_000 };

/**
 * Pastes the Embed dialog's custom-element snippet into the host page as its author would: the
 * module by its script tag (with its integrity, when pinned), the element as written.
 */
async function paste(page: Page, snippet: string) {
  const src = /src="([^"]+)"/.exec(snippet)![1]!;
  const integrity = /integrity="([^"]+)"/.exec(snippet)?.[1] ?? '';
  const element = snippet.slice(snippet.indexOf('</script>') + '</script>'.length).trim();
  await page.evaluate(
    ([url, sri, html]) => {
      const script = document.createElement('script');
      script.type = 'module';
      script.src = url!;
      if (sri) script.integrity = sri;
      document.head.append(script);
      document.querySelector('main')!.innerHTML = html!;
    },
    [src.replaceAll('&amp;', '&'), integrity, element],
  );
}

/** Puts the module and `html` (elements as an author writes them) on the host page. */
const place = (page: Page, html: string) =>
  paste(
    page,
    `<script type="module" src="${new URL('embed/batch-lease.js', String(test.info().project.use.baseURL)).href}"></script>\n${html}`,
  );

/** The host page paints a frame: its own thread is free. */
const paints = (page: Page) =>
  page.evaluate(
    () => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
  );

test('the console’s snippet with off-thread, on a host that allows blob: workers: an endless script runs in the worker, the page answers, Stop is SCRIPT KILL', async ({
  page,
  courseHost,
  stepperConsole: lesson,
  consoleIn,
}) => {
  await lesson.open('/#stepper?preset=default&x=script&k=4');
  await lesson.drawer.getByRole('button', { name: 'Embed', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(/^Custom element/);
  await expect(field).not.toHaveValue(/off-thread/);
  // the option names what the host must allow, with the lesson's origin
  const option = dialog.getByLabel(/run the simulator in a worker, with Stop/);
  await expect(option).toHaveAccessibleName(
    new RegExp(`worker-src blob: ${new URL(page.url()).origin}`),
  );
  await option.check();
  await expect(field).toHaveValue(/<batch-lease-console [^>]* off-thread>/);
  const snippet = await field.inputValue();

  await page.goto(`${courseHost.url}/workers.html`);
  // Stop decides, not the machine's speed: the script's limits cannot end it first
  await holdSimulatorLimits(page);
  await paste(page, snippet);
  const element = page.locator('batch-lease-console');
  const cli = consoleIn(element);
  await expect(cli.log).toContainText('Connected to the simulated', SLOW);
  await cli.run('PING');
  expect((await cli.rows()).at(-1)).toBe('output: PONG');
  await cli.input.fill(ENDLESS);
  await cli.input.press('Enter');
  // the script runs off the host page: the console says so and offers Stop, and while it runs
  // the page still paints
  const running = element.getByRole('status').filter({ hasText: 'Running a script' });
  const stop = element.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
  await expect(stop).toBeVisible();
  await expect(running).toBeVisible();
  expect(await paints(page)).toBe(true);
  await expect(running).toBeVisible();
  await stop.click();
  await expect(cli.log).toContainText(
    /\(error\) ERR Script killed by user with SCRIPT KILL\.\.\. script: [0-9a-f]{40}, on @user_script:1\./,
    SLOW,
  );
  await cli.run('PING');
  expect((await cli.rows()).at(-1)).toBe('output: PONG');
  await expect(cli.log).not.toContainText(ON_THE_PAGE);
});

test('a stepper with off-thread, on a host that allows blob: workers, makes a hostile script’s run in its worker, and Stop ends it', async ({
  page,
  courseHost,
}) => {
  // Stop, pressed while the script runs, is what ends it, on any machine: the run's two limits
  // are held. Its step budget throws in the worker, which holdSimulatorLimits holds there; its
  // time limit is a timer of the page's (src/console/off-thread.ts), on a clock this test holds
  // still from before the run, so however long the test's own steps take on a loaded machine,
  // no time of the run's passes but what the test lets pass.
  await holdSimulatorLimits(page);
  await page.clock.install();
  await page.goto(`${courseHost.url}/workers.html`);
  await place(
    page,
    '<batch-lease-stepper state="#stepper?preset=thousand&amp;x=script&amp;k=0" off-thread></batch-lease-stepper>',
  );
  // the element's stepper, inside its shadow root, driven as the lesson's is
  const stepper = new StepperPage(page);
  await expect(stepper.counter).toHaveText(/step 0 of/, SLOW);
  // the element knows the attribute: no notice of a setting ignored
  await expect(page.getByRole('status').filter({ hasText: 'ignored' })).toHaveCount(0);
  await stepper.openScriptEditor();
  await stepper.scriptBox.fill(HOSTILE);
  await page.clock.pauseAt(Date.now() + 1_000);
  await stepper.runScript();
  const running = stepper.root.getByTestId('script-running');
  await expect(running).toContainText('Running your script', SLOW);
  // made in the worker: the host page's thread is free meanwhile (its frames, on the held
  // clock, come as the test lets a tenth of a second pass), and Stop can be pressed while it runs
  const painted = paints(page);
  await page.clock.runFor(100);
  expect(await painted).toBe(true);
  await expect(running).toContainText('Running your script');
  await running.getByRole('button', { name: 'Stop (SCRIPT KILL)' }).dispatchEvent('click');
  await expect(stepper.root).toContainText('You stopped your script before it ended');
  await expect(stepper.root.getByTestId('worker-fallback')).toHaveCount(0);
});

test('without off-thread no worker is tried, even where the host would allow one: the console says so and runs on the page', async ({
  page,
  courseHost,
  consoleIn,
}) => {
  await page.goto(`${courseHost.url}/workers.html`);
  await place(page, '<batch-lease-console></batch-lease-console>');
  const cli = consoleIn(page.locator('batch-lease-console'));
  await expect(cli.log).toContainText(
    'a page of another site gets the worker only when the element has the off-thread attribute',
  );
  await expect(cli.log).toContainText(ON_THE_PAGE);
  await cli.run('PING');
  expect((await cli.rows()).at(-1)).toBe('output: PONG');
});

test('with off-thread on a host whose CSP refuses blob: workers, each element says why in one notice and runs on the page', async ({
  page,
  courseHost,
  problems,
  consoleIn,
}) => {
  await page.goto(`${courseHost.url}/blank.html`);
  await place(
    page,
    '<batch-lease-console off-thread></batch-lease-console><batch-lease-stepper off-thread></batch-lease-stepper>',
  );
  const lesson = new URL(String(test.info().project.use.baseURL)).origin;
  const why = `must allow worker-src blob: ${lesson}`;
  const cli = consoleIn(page.locator('batch-lease-console'));
  await expect(cli.log).toContainText(why, SLOW);
  await expect(cli.log).toContainText(ON_THE_PAGE);
  await cli.run('PING');
  const rows = await cli.rows();
  expect(rows.at(-1)).toBe('output: PONG');
  // said once in the log, however many of the console's workers were refused
  expect(rows.filter((r) => r.includes(why))).toHaveLength(1);
  // the stepper says it once, in its notice, and steps on
  const stepper = page.locator('batch-lease-stepper');
  await expect(stepper.getByTestId('worker-fallback')).toContainText(why, SLOW);
  await expect(stepper.getByTestId('worker-fallback')).toHaveCount(1);
  await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
  await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 1 of/);
  // what the host's policy reported is the refused worker, and nothing else
  const { csp } = await problems.take();
  expect(csp.length).toBeGreaterThan(0);
  for (const v of csp) expect(v).toMatch(/worker-src|Creating a worker from 'blob:/);
});

test('with off-thread on a host whose worker-src allows blob: but not the lesson, the console says what the policy lacks and runs on the page', async ({
  page,
  courseHost,
  consoleIn,
}) => {
  // the bootstrap starts; the lesson's worker it imports is refused inside it, where the page
  // hears nothing of it: the element still names the policy, not the network
  await page.goto(`${courseHost.url}/blob-only.html`);
  await place(page, '<batch-lease-console off-thread></batch-lease-console>');
  const lesson = new URL(String(test.info().project.use.baseURL)).origin;
  const cli = consoleIn(page.locator('batch-lease-console'));
  await expect(cli.log).toContainText(`must allow worker-src blob: ${lesson}`, SLOW);
  await expect(cli.log).toContainText(ON_THE_PAGE);
  await cli.run('PING');
  expect((await cli.rows()).at(-1)).toBe('output: PONG');
});

test('with off-thread on a host that requires Trusted Types (and lists batch-lease), the worker starts from the bootstrap the policy made', async ({
  page,
  courseHost,
  consoleIn,
}) => {
  // Stop decides, not the machine's speed: the script's limits cannot end it first
  await holdSimulatorLimits(page);
  await page.goto(`${courseHost.url}/trusted-types.html`);
  const element = page.locator('batch-lease-console');
  const cli = consoleIn(element);
  await expect(cli.log).toContainText('Connected to the simulated', SLOW);
  await cli.input.fill(ENDLESS);
  await cli.input.press('Enter');
  const stop = element.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(cli.log).toContainText('ERR Script killed by user with SCRIPT KILL', SLOW);
  await expect(cli.log).not.toContainText(ON_THE_PAGE);
});

test('a console with off-thread whose state carries a hostile script makes that run in its worker too', async ({
  page,
  courseHost,
  consoleIn,
}) => {
  // the link's run the console forks from (e2e/embed-console-hostile-link.spec.ts holds the
  // same on the lesson's own origin): off the host page, it says it runs, with Stop
  const state = luaLink(MEGABYTE_LOOP).replaceAll('&', '&amp;');
  await page.goto(`${courseHost.url}/workers.html`);
  await place(page, `<batch-lease-console state="${state}" off-thread></batch-lease-console>`);
  const element = page.locator('batch-lease-console');
  const running = element.getByTestId('link-run-running');
  await expect(running).toContainText('Running the script the link carries', SLOW);
  await expect(running.getByRole('button', { name: 'Stop (SCRIPT KILL)' })).toBeVisible();
  expect(await paints(page)).toBe(true);
  await expect(element.getByTestId('link-run')).toContainText(/ended it|stopped script/, SLOW);
  const cli = consoleIn(element);
  await cli.run('PING');
  expect((await cli.rows()).at(-1)).toBe('output: PONG');
  await expect(cli.log).not.toContainText(ON_THE_PAGE);
});
