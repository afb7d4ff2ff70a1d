import { expect, test } from './fixtures/test.ts';
import { listingProbes } from './fixtures/lesson-page.ts';

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
  });
}
