import { createServer } from 'node:http';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { freePort } from '@batch-lease/redis-sim/differential/free-port.mjs';
import { expect, test } from './fixtures/test.ts';

// A worker's tests share one context (fixtures/reused-context.ts). These run in order in one
// worker: one stores everything a page can store and grants a permission, the next finds none of
// it in the same context; one changes its context for later pages, the next gets another; other
// options, another.
test.describe.configure({ mode: 'serial' });

/**
 * A site on a second loopback origin, as the course pages are: `/` sets a cookie and frames the
 * lesson's stepper embed, `/worker.js` is a service worker that does nothing.
 */
async function startOtherSite(lesson: string) {
  const port = await freePort();
  const server = createServer((req, res) => {
    if (req.url === '/worker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('self.addEventListener("fetch", () => {});');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'served=1; Path=/' });
    res.end(
      `<!doctype html><title>other site</title><iframe src="${lesson}/embed/stepper.html"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let other: Awaited<ReturnType<typeof startOtherSite>>;
// eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's needs from this pattern
test.beforeAll(async ({}, workerInfo) => {
  other = await startOtherSite(String(workerInfo.project.use.baseURL).replace(/\/$/, ''));
});
test.afterAll(async () => {
  await other.close();
});

/** Writes every kind of storage a document can write to its origin. */
async function storeEverything(where: Page | Frame) {
  await where.evaluate(async () => {
    document.cookie = 'written=1; Path=/';
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('left-behind', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('things').put('behind', 'left');
      open.onsuccess = () => resolve((open.result.close(), null));
      open.onerror = () => reject(open.error);
    });
    await (await caches.open('left-behind')).put('/left', new Response('behind'));
  });
}

/** Every kind of storage as a document of its origin sees it. */
function storedIn(where: Page | Frame) {
  return where.evaluate(async () => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

const NOTHING = { cookie: '', local: 0, session: 0, databases: [], caches: [], workers: 0 };

/** The frame of the lesson's embed in the other site's page, once loaded. */
async function lessonFrame(page: Page): Promise<Frame> {
  await expect(page.frameLocator('iframe').locator('body')).toBeAttached();
  const frame = page.frame({ url: /\/embed\/stepper\.html$/ });
  if (!frame) throw new Error('the other site shows no frame of the lesson');
  return frame;
}

/** Whether the page may read the clipboard: `granted`, `prompt` or `denied`. */
function clipboardReadIn(page: Page) {
  return page.evaluate(
    async () =>
      (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
  );
}

let used: BrowserContext | undefined;

test('a test stores every kind of storage, on the lesson’s origin and another', async ({
  page,
  context,
  problems,
}) => {
  used = context;
  // a grant of its own (the clipboard's, as the copy buttons' tests make)
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(other.url);
  await storeEverything(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/worker.js');
    await navigator.serviceWorker.ready;
  });
  await storeEverything(await lessonFrame(page));
  const lesson = await context.newPage();
  await lesson.goto('/');
  await storeEverything(lesson);
  expect(await storedIn(lesson)).toMatchObject({ local: 1, session: 1, caches: ['left-behind'] });
  expect((await storedIn(page)).workers).toBe(1);
  // and an error its own problems allow, which must not reach the next test's
  problems.allow(/left by the first test/);
  await page.evaluate(() => console.error('left by the first test'));
});

test('the next test in the same context finds none of it, in a fresh page', async ({
  page,
  context,
}) => {
  expect(context, 'the context the first test used').toBe(used);
  expect(await context.cookies()).toEqual([]);
  await page.goto('/');
  expect(await storedIn(page)).toEqual(NOTHING);
  await page.goto(other.url);
  // the site's own answer sets its cookie again (a cookie is its host's, whatever the port), and
  // nothing else is there
  expect(await storedIn(page)).toEqual({ ...NOTHING, cookie: 'served=1' });
  expect(await storedIn(await lessonFrame(page))).toEqual({ ...NOTHING, cookie: 'served=1' });
  expect(await clipboardReadIn(page), 'the first test’s grant').not.toBe('granted');
});

test('a test that changes its context for later pages', async ({ page, context }) => {
  used = context;
  await context.route('**/robots.txt', (route) => route.fulfill({ body: 'routed' }));
  await page.clock.install({ time: new Date('2000-01-01T00:00:00Z') });
  await page.goto('/');
  expect(await page.evaluate(() => new Date().getFullYear())).toBe(2000);
});

test('leaves the next test another context: no route, no fake clock', async ({ page, context }) => {
  expect(context).not.toBe(used);
  await page.goto('/');
  expect(await page.evaluate(() => new Date().getFullYear())).toBeGreaterThan(2000);
  expect(await (await page.goto('/robots.txt'))!.text()).not.toBe('routed');
  used = context;
});

test.describe('with other options', () => {
  test.use({ colorScheme: 'dark' });

  test('a test gets a context made with them', async ({ page, context }) => {
    expect(context).not.toBe(used);
    await page.goto('/');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      true,
    );
  });
});
