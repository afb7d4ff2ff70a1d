import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/test.ts';
import { listingProbes, sectionIds } from './fixtures/lesson-page.ts';

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  // One page for the three reads (one load, not three): the whole lesson, its links, and last
  // a line reference, the only one that moves the page.
  test('the whole lesson reads: title, every section and every listing; no link leads to a page that is not there, the course pages say where they are; a line reference lands on its line', async ({
    lesson,
    page,
  }) => {
    await lesson.open({ hydrated: false });
    await expect(lesson.title).toHaveText('Batch lease extension');
    for (const id of sectionIds) await expect(lesson.sectionHeading(id)).toBeVisible();
    for (const probe of listingProbes) {
      await expect(lesson.listing(probe.name)).toBeAttached();
      await expect(lesson.listingLine(probe.name, probe.line)).toContainText(probe.text);
    }
    await expect(lesson.stepper).toContainText('Extend four leases · step the members');
    await expect(lesson.fatePicker).toContainText('read both answers');
    await expect(lesson.tryIt('wrongtype-midbatch')).toHaveAttribute(
      'href',
      '#stepper?preset=wrongtype-midbatch&compare=1',
    );

    // no link on the page leads to a page that is not there
    const origin = new URL(page.url()).origin;
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const ours = [...new Set(hrefs.map((h) => h.split('#')[0]!))].filter((h) =>
      h.startsWith(origin),
    );
    expect(ours.length).toBeGreaterThan(0);
    for (const href of ours) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBeLessThan(400);
    }
    // built without a course site, the breadcrumb's and the related pages are named, not linked
    await expect(page.locator('.breadcrumb')).toContainText('Batches (on the course site)');
    await expect(page.locator('[data-course-page="two-executors"]').first()).toContainText(
      'on the course site',
    );

    // a line reference lands on its line
    await page.locator('a.line-ref[href="#L-extend_locks2-21"]').click();
    await expect(page).toHaveURL(/#L-extend_locks2-21$/);
    await expect(lesson.listingLine('extend_locks2', 21)).toBeInViewport();
  });
});

test('no highlighter, grammar or schema code reaches the browser', async () => {
  const assets = join(process.cwd(), 'dist', 'assets');
  const js = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
  expect(js.length).toBeGreaterThan(0);
  for (const needle of [
    'shiki',
    'oniguruma',
    'onig.wasm',
    'vscode-textmate',
    'tmLanguage',
    'scopeName',
    'source.lua',
    'source.rust',
    'ZodError',
  ]) {
    expect(js, needle).not.toContain(needle);
  }
});
