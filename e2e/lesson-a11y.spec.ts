import { expect, test } from './fixtures/test.ts';
import { AXE_TIMEOUT_MS, PageAxe, type AxeResults } from './fixtures/axe.ts';
import { inEitherTheme, paintedColours, SCHEMES } from './fixtures/themes.ts';

const violations = (results: AxeResults) =>
  results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`,
  );

// one load of the lesson for its landmarks, its outline and every analysis of the whole page
test('landmarks and the heading outline; axe finds no violations in either theme, nor with Dark pinned on a light system', async ({
  lesson,
  page,
}) => {
  test.setTimeout(2 * AXE_TIMEOUT_MS);
  await page.emulateMedia({ colorScheme: 'light' });
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
  // the collapsed listings are part of the page too
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  // each theme with the page as it is, never loaded twice (fixtures/themes.ts)
  await inEitherTheme(page, async (scheme) => {
    expect(violations(await new PageAxe({ page }).inScheme(scheme).analyze()), scheme).toEqual([]);
  });
  const dark = (await lesson.theme()).background;
  const darkColours = await paintedColours(page, '.theme-toggle');

  // the toggle's Dark, on a system that is light
  await page.emulateMedia({ colorScheme: 'light' });
  await lesson.themeOption('Dark').check();
  expect(await lesson.theme()).toEqual({ pinned: 'dark', background: dark });
  // Pinned, the page paints every colour it painted in the system's dark, analysed above, so
  // axe's colour rules answer alike there; only the toggle, whose checked option moved, is
  // analysed again (a third analysis of the whole page was a third of this test's time).
  const pinnedColours = await paintedColours(page, '.theme-toggle');
  expect(pinnedColours.length).toBeGreaterThan(1000);
  expect(
    pinnedColours.filter((c, i) => c !== darkColours[i]).slice(0, 5),
    'colours Dark pinned paints that the dark system did not',
  ).toEqual([]);
  expect(pinnedColours.length).toBe(darkColours.length);
  expect(
    violations(
      await new PageAxe({ page }).include('.theme-toggle').againInOtherColours().analyze(),
    ),
    'Dark pinned',
  ).toEqual([]);
});

test("a what-if's listing, with the comments its edit made false struck, passes axe in either theme", async ({
  lesson,
  page,
}) => {
  test.setTimeout(SCHEMES.length * AXE_TIMEOUT_MS);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/#stepper?preset=default&x=script&v=no-membership-guard&k=0');
  await lesson.stepper.locator('[data-untrue]').first().waitFor();
  await inEitherTheme(page, async (scheme) => {
    const results = await new PageAxe({ page }).include('#stepper').inScheme(scheme).analyze();
    expect(violations(results), scheme).toEqual([]);
  });
});
