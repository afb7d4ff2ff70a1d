import { expect, test } from './fixtures/test.ts';

test.describe('on a phone, 390 × 844', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });

  test('one column, no sideways scroll; the stepper follows the introduction', async ({
    lesson,
    page,
  }, testInfo) => {
    await lesson.open();
    const { scrollWidth, clientWidth } = await lesson.horizontalOverflow();
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const stepper = await lesson.stepper.boundingBox();
    const intro = await page.locator('.intro').boundingBox();
    const beats = await lesson.sectionHeading('two-beats').boundingBox();
    expect(stepper && intro && beats).toBeTruthy();
    expect(stepper!.y).toBeGreaterThan(intro!.y + intro!.height - 1);
    expect(stepper!.y + stepper!.height).toBeLessThan(beats!.y);
    expect(stepper!.x + stepper!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('lesson-390.png'), fullPage: false });
    await page.screenshot({ path: 'test-results/lesson-390.png' });
  });

  test('long code scrolls inside its own block', async ({ lesson }) => {
    await lesson.open();
    const pre = lesson.listing('emq_extends').locator('pre');
    const { scrollWidth, clientWidth } = await pre.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect((await lesson.horizontalOverflow()).scrollWidth).toBeLessThanOrEqual(390);
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1360, height: 900 } });

  test('the stepper sits beside the reading column and stays in view', async ({ lesson, page }) => {
    await lesson.open();
    const stepper = await lesson.stepper.boundingBox();
    const title = await lesson.title.boundingBox();
    expect(stepper!.x).toBeGreaterThan(title!.x + 600);
    await lesson.sectionHeading('native-twin').scrollIntoViewIfNeeded();
    await page.evaluate(() =>
      document.getElementById('native-twin')?.scrollIntoView({ behavior: 'instant' }),
    );
    await expect(lesson.stepper).toBeInViewport();
    await page.screenshot({ path: 'test-results/lesson-desktop.png' });
  });
});

test('the page loads and hydrates with no layout shift', async ({ lesson }) => {
  await lesson.open();
  expect(await lesson.layoutShift()).toBe(0);
});
