import { expect, test } from './fixtures/test.ts';

// The stepper lights its line in the page's own listing too. A listing off screen is not
// written to while the stepper moves (each mark repaints the lesson section that holds it); it
// shows the stepper's line once the learner scrolls to it, and follows every step from then.
test("the page's listing shows the stepper's line once scrolled to, and follows it there", async ({
  lesson,
  stepper,
  page,
}) => {
  await stepper.goto();
  const listing = lesson.listing('extend_locks2');
  const litInListing = listing.locator('.line[aria-current="step"]');
  await expect(listing).not.toBeInViewport();

  for (let i = 0; i < 6; i++) await stepper.forwardLine();
  const line = Number(await stepper.currentCodeLine.getAttribute('data-line'));
  expect(line).toBeGreaterThan(1);
  // nothing is written to a listing off screen
  await expect(litInListing).toHaveCount(0);

  await listing.scrollIntoViewIfNeeded();
  await expect(litInListing).toHaveCount(1);
  await expect(litInListing).toHaveId(`L-extend_locks2-${line}`);

  // in view, it follows the stepper at once: a learner reading the listing steps with the keys
  // (the stage keeps them while the page scrolls to the text)
  await stepper.root.evaluate((el) => el.focus({ preventScroll: true }));
  await page.keyboard.press('ArrowRight');
  const next = Number(await stepper.currentCodeLine.getAttribute('data-line'));
  expect(next).not.toBe(line);
  await expect(litInListing).toHaveId(`L-extend_locks2-${next}`);
  await expect(listing).toBeInViewport();
  expect(await page.locator('.page-lesson .line[aria-current="step"]').count()).toBe(1);
});
