import { expect, test } from './fixtures/test.ts';
import { AXE_TIMEOUT_MS, PageAxe } from './fixtures/axe.ts';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in the ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('axe finds no violations', async ({ lesson, page }) => {
      test.setTimeout(AXE_TIMEOUT_MS);
      await lesson.open();
      // the collapsed listings are part of the page too
      await page.evaluate(() =>
        document.querySelectorAll('details').forEach((d) => (d.open = true)),
      );
      const results = await new PageAxe({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`,
        ),
      ).toEqual([]);
    });

    test("a what-if's listing, with the comments its edit made false struck, passes axe", async ({
      lesson,
      page,
    }) => {
      test.setTimeout(AXE_TIMEOUT_MS);
      await page.goto('/#stepper?preset=default&x=script&v=no-membership-guard&k=0');
      await lesson.stepper.locator('[data-untrue]').first().waitFor();
      const results = await new PageAxe({ page }).include('#stepper').analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`,
        ),
      ).toEqual([]);
    });
  });
}

test('the pinned dark theme passes axe on a light system too', async ({ lesson, page }) => {
  test.setTimeout(AXE_TIMEOUT_MS);
  await lesson.open();
  await lesson.themeOption('Dark').check();
  const results = await new PageAxe({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('landmarks and the heading outline', async ({ page, lesson }) => {
  await lesson.open();
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
  const levels = await page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((hs) => hs.map((h) => Number(h.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
  });
});
