import { expect, test } from './fixtures/test.ts';
import { listingProbes } from './fixtures/lesson-page.ts';
import { addElement } from './fixtures/add-element.ts';

// The built site must paint its listings in colour: the token classes are in the HTML, and
// their rules must be in the CSS the page loads. Three colours is the least a highlighted
// listing of these languages shows (keywords, strings, comments, plain text).
for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in the ${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    for (const { name } of listingProbes) {
      test(`the ${name} listing is painted in at least three colours`, async ({ lesson }) => {
        await lesson.open({ hydrated: false });
        const pre = lesson.listing(name).locator('pre');
        expect(await lesson.paintedColours(pre)).toBeGreaterThanOrEqual(3);
      });
    }

    test("the stepper's own listing is painted in at least three colours, the lit line too", async ({
      lesson,
    }) => {
      await lesson.open();
      const pre = lesson.stepperListing;
      expect(await lesson.paintedColours(pre)).toBeGreaterThanOrEqual(3);
      await lesson.stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
      const lit = pre.locator('[aria-current="step"]');
      await expect(lit).toHaveCount(1);
      expect(await lesson.paintedColours(lit)).toBeGreaterThanOrEqual(2);
    });

    test("the embedded stepper's listing is painted as the lesson's: on the embed page and in the element", async ({
      page,
      lesson,
      courseHost,
    }) => {
      await page.goto('/embed/stepper.html');
      const framed = page.getByTestId('code-view').locator('pre');
      await expect(framed.locator('[data-line]').first()).toBeVisible();
      expect(await lesson.paintedColours(framed)).toBeGreaterThanOrEqual(3);
      await page.goto(`${courseHost.url}/blank.html`);
      await addElement(page, 'batch-lease-stepper', String(test.info().project.use.baseURL));
      const element = page.locator('batch-lease-stepper').getByTestId('code-view').locator('pre');
      await expect(element.locator('[data-line]').first()).toBeVisible();
      expect(await lesson.paintedColours(element)).toBeGreaterThanOrEqual(3);
    });
  });
}
