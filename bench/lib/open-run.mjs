/**
 * Opens `url` (the lesson, with a hash saying which run) and waits until the page's first
 * stepper holds a run of at least `minSteps` steps, then a moment more for it to settle.
 */
export async function openRun(page, url, minSteps) {
  await page.goto(url);
  await page.waitForFunction(
    (min) => {
      const c = document.querySelector('[data-stepper] [data-testid=step-counter]');
      const m = c && /of ([\d,]+)/.exec(c.textContent ?? '');
      return m && Number(m[1].replace(/,/g, '')) >= min;
    },
    minSteps,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(300);
}

/**
 * Scrolls the first stepper's panel `name` into view and lets the stepper notice: panels out of
 * view keep their step while the stepper moves, so what a walk costs depends on which ones show.
 */
export async function showPanel(page, name) {
  await page.locator(`[data-stepper] [data-panel="${name}"]`).scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
}
