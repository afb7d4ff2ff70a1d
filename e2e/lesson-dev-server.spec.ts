import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { pageWords } from '../content/page.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The lesson on the dev server (`npm start`), which has no course site around it: the
 * breadcrumb, the module links and "Related in this course" name their course pages and say
 * they are on the course site, and no link of the page leads to a 404 on this server. The built
 * site's render without a course base is checked in `src/content/lesson.test.ts`; this is the
 * client-rendered page a learner gets from `npm start`.
 */
// One worker takes the file's tests in order, so one dev server transforms the lesson's modules
// once and each later page reads them from its cache (a second worker would start a server and
// transform them all again); a failed test still lets the next ones run.
test.describe.configure({ mode: 'default' });

let server: ViteDevServer;
let origin: string;
let cacheDir: string;

test.beforeAll(async () => {
  // the course base comes from the environment at start, as `npm start` would read it
  delete process.env.VITE_COURSE_BASE;
  // Its dependencies are bundled into a folder of its own, empty, as on a clean clone: the
  // shared one (node_modules/.vite) holds what an earlier `npm start` left, and a server that
  // finds it made under another config re-bundles it while the page loads. Once, on a clone
  // where `npm start` had run first, the page's modules asked for the old bundle were answered
  // 504 "Outdated Optimize Dep" and the page never rendered.
  cacheDir = mkdtempSync(join(tmpdir(), 'lesson-dev-server-'));
  server = await createServer({
    configFile: 'vite.config.ts',
    cacheDir,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  await server.listen();
  const address = server.httpServer!.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
});

test.afterAll(async () => {
  await server?.close();
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

test('on the dev server, course pages are named as on the course site and no link 404s', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/`);
  const breadcrumb = page.getByRole('navigation', { name: pageWords.header.breadcrumb });
  await expect(breadcrumb).toBeVisible({ timeout: 60_000 });
  // the module's own page is named in the breadcrumb, with the note, and is not a link
  const named = page.locator('[data-course-page]');
  await expect(named.first()).toBeVisible();
  expect(await named.count()).toBeGreaterThanOrEqual(8);
  expect(await page.locator('a[data-course-page]').count()).toBe(0);
  await expect(breadcrumb).toContainText(pageWords.courseSite.inline.trim());
  await expect(page.getByText(pageWords.courseSite.all).first()).toBeAttached();
  // every link that stays on this server leads to something that exists
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((a) => new URL(a.getAttribute('href')!, document.baseURI))
      .filter((u) => u.origin === location.origin && u.pathname !== location.pathname)
      .map((u) => u.href),
  );
  for (const href of new Set(hrefs)) {
    const answer = await request.get(href);
    expect(answer.status(), href).toBeLessThan(400);
  }
});

test('on the dev server, each embed page shows its widget, with the data the build would write', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the dev server serves embed/*.html as they stand, without the widget's data: the page
  // computes it in the browser, and the stepper shows its run, the picker its fates, the console
  // its server at step 0
  await page.goto(`${origin}/embed/stepper.html`);
  await expect(page.getByRole('button', { name: 'Forward one line', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/step 0 of \d+/).first()).toBeVisible();
  await page.goto(`${origin}/embed/fates.html`);
  await expect(page.getByText('Pick a job’s fate')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('stale token').first()).toBeVisible();
  await page.goto(`${origin}/embed/console.html`);
  await expect(page.getByText(/Connected to the simulated Redis 7\.0 server/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('island-failed')).toHaveCount(0);
});

test('on the dev server, a page whose code is refused says so and keeps a reload that brings the lesson', async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  // as Vite answers a module of a bundle it has just replaced (504 "Outdated Optimize Dep")
  problems.allow(
    /the lesson's code did not load|Failed to load resource.*504|Outdated Optimize Dep/,
  );
  const refuse = (route: import('@playwright/test').Route) =>
    route.fulfill({ status: 504, contentType: 'text/plain', body: 'Outdated Optimize Dep' });
  await page.route('**/src/page/App.tsx*', refuse);
  await page.goto(`${origin}/`);
  const failed = page.getByTestId('dev-load-failed');
  await expect(failed).toBeVisible({ timeout: 60_000 });
  // worded as every chunk's failure is, with the server's answer and the file it refused
  await expect(failed).toContainText("The lesson's code could not be loaded");
  await expect(failed).toContainText(`The server answered 504 for ${origin}/src/page/App.tsx`);
  await expect(failed).toContainText('Vite re-bundling the dependencies');
  await page.unroute('**/src/page/App.tsx*', refuse);
  await failed.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('navigation', { name: pageWords.header.breadcrumb })).toBeVisible({
    timeout: 60_000,
  });
  await expect(failed).toHaveCount(0);
});

test('on the dev server, each Embed dialog opens in markup React’s checks accept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The dev server runs React's development build, which checks each element's place in the
  // HTML content model (a dialog may not sit in a paragraph) and says so as a console error, so
  // the suite's page-problems check fails this test on any such warning. The built site runs
  // the production build, which never checks, and the dialogs render only once opened, so the
  // build's HTML checks never see them.
  await page.goto(`${origin}/`);
  const embed = page.getByRole('button', { name: 'Embed', exact: true });
  // the stepper's, then the fate picker's
  for (const at of [0, 1]) {
    await expect(embed.nth(at)).toBeEnabled({ timeout: 60_000 });
    await embed.nth(at).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2 })).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  }
});
