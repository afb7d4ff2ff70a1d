import { expect, test } from './fixtures/test.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

// A link into the stepper has a hash that is no element id, so the browser scrolls nowhere:
// the stepper must bring itself into view and take focus, on a phone most of all.
test.describe('on a phone, 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const expectArrived = async (stepper: StepperPage) => {
    await expect(stepper.root).toBeFocused();
    const top = await stepper.page
      .locator('#stepper')
      .evaluate((el) => el.getBoundingClientRect().top);
    // at the top of the window: in view, and not scrolled past
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(844 * 0.25);
  };

  test('a "Try it" link scrolls the stepper into view and focuses it', async ({
    page,
    stepper,
    lesson,
  }) => {
    await lesson.open();
    const link = page.locator('a.try-it').first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expectArrived(stepper);
  });

  test('a "Step it" link from the fate picker does the same', async ({ page, stepper, lesson }) => {
    await lesson.open();
    const link = page.getByRole('link', { name: /Step it/ }).first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expectArrived(stepper);
  });

  test('a shared #stepper link opens with the stepper in view and focused', async ({ stepper }) => {
    await stepper.goto('stepper?preset=reaped&x=native&k=5');
    await expectArrived(stepper);
  });
});
