import { expect, test } from './fixtures/test.ts';

test.describe('on a phone, 390 × 844', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });

  // one read of the page for every claim about it on a phone (it only reads, never changes it)
  test('one column, no sideways scroll, long code scrolls inside its own block; the stepper follows the introduction', async ({
    lesson,
    page,
  }, testInfo) => {
    await lesson.open();
    const { scrollWidth, clientWidth } = await lesson.horizontalOverflow();
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    const stepper = await lesson.stepper.boundingBox();
    const intro = await page.locator('.intro').boundingBox();
    const beats = await lesson.sectionHeading('two-beats').boundingBox();
    expect(stepper && intro && beats).toBeTruthy();
    expect(stepper!.y).toBeGreaterThan(intro!.y + intro!.height - 1);
    expect(stepper!.y + stepper!.height).toBeLessThan(beats!.y);
    expect(stepper!.x + stepper!.width).toBeLessThanOrEqual(390);
    // long code scrolls sideways inside its own block, never the page
    const pre = lesson.listing('emq_extends').locator('pre');
    const code = await pre.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(code.scrollWidth).toBeGreaterThan(code.clientWidth);
    await page.screenshot({ path: testInfo.outputPath('lesson-390.png'), fullPage: false });
    await page.screenshot({ path: 'test-results/lesson-390.png' });
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1360, height: 900 } });

  test('the stage takes the page’s width between the introduction and the lesson, and fits the window', async ({
    lesson,
    page,
  }) => {
    await lesson.open();
    const stage = page.locator('[data-stepper]').first();
    const box = await stage.boundingBox();
    const intro = await page.locator('.intro').boundingBox();
    const beats = await lesson.sectionHeading('two-beats').boundingBox();
    // code and state side by side need more than a reading column
    expect(box!.width).toBeGreaterThan(1200);
    expect(box!.height).toBeLessThanOrEqual(900);
    expect(box!.y).toBeGreaterThan(intro!.y + intro!.height - 1);
    expect(box!.y + box!.height).toBeLessThan(beats!.y);
    await stage.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await expect(stage).toBeInViewport({ ratio: 0.99 });
    await page.screenshot({ path: 'test-results/lesson-desktop.png' });
  });
});

test('the page loads and hydrates with no layout shift', async ({ lesson }) => {
  await lesson.open();
  expect(await lesson.layoutShifts()).toEqual([]);
});

// Every line of the page's listings is lit in turn while the stepper runs. A positioned line is
// a paint layer of its own, and the page has about 170 of them: lighting one repainted them all.
// The numbers sit in the lines' left padding in the flow instead; the code still starts after
// that padding, and each number ends before it.
test("a listing's line numbers sit in its padding, with no line positioned", async ({ lesson }) => {
  await lesson.open({ hydrated: false });
  const lines = await lesson
    .listing('extend_locks2')
    .locator('.line')
    .evaluateAll((els) =>
      els.map((el) => {
        const cs = getComputedStyle(el);
        const before = getComputedStyle(el, '::before');
        const box = el.getBoundingClientRect();
        // the line's first character (the number is generated content, outside the DOM)
        const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
        const range = document.createRange();
        let code: DOMRect | null = null;
        if (text?.textContent?.trim()) {
          range.setStart(text, 0);
          range.setEnd(text, 1);
          code = range.getBoundingClientRect();
        }
        return {
          position: cs.position,
          numberShown: before.content !== 'none' && before.display !== 'none',
          // where the code starts, from the line's left edge, against the left padding
          codeAt: code ? Math.round(code.left - box.left) : null,
          padding: Math.round(parseFloat(cs.paddingLeft)),
          numberWidth: Math.round(parseFloat(before.width) + parseFloat(before.marginRight)),
        };
      }),
    );
  expect(lines.length).toBeGreaterThan(20);
  expect(lines.filter((l) => l.codeAt !== null).length).toBeGreaterThan(5);
  for (const l of lines) {
    expect(l.position).toBe('static');
    expect(l.numberShown).toBe(true);
    if (l.codeAt !== null) expect(l.codeAt).toBe(l.padding);
    expect(l.numberWidth).toBe(l.padding);
  }
});
