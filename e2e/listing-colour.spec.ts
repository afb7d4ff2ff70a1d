import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { listingProbes, type LessonPage } from './fixtures/lesson-page.ts';
import { addElement } from './fixtures/add-element.ts';
import { SCHEMES } from './fixtures/themes.ts';

// The built site must paint its listings in colour: the token classes are in the HTML, and
// their rules must be in the CSS the page loads. Three colours is the least a highlighted
// listing of these languages shows (keywords, strings, comments, plain text).
// Each page is checked in both themes as it is, never loaded twice (why that checks the same:
// fixtures/themes.ts).

/**
 * Checks `pre` in the light theme and then the dark one: at least `least` colours in each, and
 * the dark theme's not the light one's (so the page did turn dark).
 */
async function paintedInBothThemes(lesson: LessonPage, pre: Locator, least: number, what: string) {
  const painted: string[][] = [];
  for (const scheme of SCHEMES) {
    await lesson.page.emulateMedia({ colorScheme: scheme });
    const colours = await lesson.paintedColours(pre);
    expect(colours.length, `${what}, ${scheme}`).toBeGreaterThanOrEqual(least);
    painted.push(colours);
  }
  expect(painted[1], `${what}: the dark theme repaints it`).not.toEqual(painted[0]);
}

test('every listing on the page is painted in at least three colours, in either theme', async ({
  lesson,
}) => {
  await lesson.open({ hydrated: false });
  for (const { name } of listingProbes) {
    await paintedInBothThemes(lesson, lesson.listing(name).locator('pre'), 3, name);
  }
});

test("the stepper's own listing is painted in at least three colours, the lit line too, in either theme", async ({
  lesson,
}) => {
  await lesson.open();
  const pre = lesson.stepperListing;
  await paintedInBothThemes(lesson, pre, 3, "the stepper's listing");
  await lesson.stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
  const lit = pre.locator('[aria-current="step"]');
  await expect(lit).toHaveCount(1);
  await paintedInBothThemes(lesson, lit, 2, 'the lit line');
});

test("a what-if's listing keeps the lesson's colours on the lines it keeps, in either theme", async ({
  lesson,
  page,
}) => {
  await page.goto('/#stepper?preset=default&v=no-membership-guard&k=0');
  const pre = lesson.stepperListing;
  await expect(pre.locator('[data-mark="changed"]')).toHaveCount(1);
  await paintedInBothThemes(lesson, pre, 3, "the what-if's listing");
});

test("the embedded stepper's listing is painted as the lesson's, on the embed page and in the element, in either theme", async ({
  page,
  lesson,
  courseHost,
}) => {
  await page.goto('/embed/stepper.html');
  const framed = page.getByTestId('code-view').locator('pre');
  await expect(framed.locator('[data-line]').first()).toBeVisible();
  await paintedInBothThemes(lesson, framed, 3, 'the embed page');
  await page.goto(`${courseHost.url}/blank.html`);
  await addElement(page, 'batch-lease-stepper', String(test.info().project.use.baseURL));
  const element = page.locator('batch-lease-stepper').getByTestId('code-view').locator('pre');
  await expect(element.locator('[data-line]').first()).toBeVisible();
  await paintedInBothThemes(lesson, element, 3, 'the element');
});
