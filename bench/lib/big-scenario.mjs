// Builds a scenario of many held pairs in the lesson's editor, as a learner would (the default
// four, then "Add 100 pairs" until there are enough), runs it, and waits for its run. Shared by
// the playback bench and the playback e2e test.

/** Opens the editor of the page's first stepper, adds pairs to reach `pairs`, and runs them. */
export async function runBigScenario(page, pairs) {
  const root = page.locator('[data-stepper]').first();
  // the stepper hydrates just after the entry; before that its controls are not live
  await root.locator('fieldset[data-live]').waitFor({ state: 'attached' });
  await root.getByText(/^Edit the scenario/).click();
  await root.getByRole('button', { name: 'Add 100 pairs' }).waitFor();
  const clicks = Math.ceil((pairs - 4) / 100);
  await page.evaluate(async (n) => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Add 100 pairs',
    );
    for (let i = 0; i < n; i++) {
      button.click();
      await new Promise((r) => setTimeout(r, 0));
    }
  }, clicks);
  await root.getByText(`held pairs · ${4 + clicks * 100}`).waitFor();
  await root.getByRole('button', { name: 'Run this scenario' }).click();
  await page.waitForFunction(
    () =>
      /^step 0 of [\d,]{5,}/.test(
        document.querySelector('[data-stepper] [data-testid=step-counter]')?.textContent ?? '',
      ),
    null,
    { timeout: 120_000 },
  );
  await root.getByText(/^Edit the scenario/).click(); // close the editor
  return 4 + clicks * 100;
}

/** Records, in the page, the longest task and every task over 200 ms from now on. */
export async function watchLongTasks(page) {
  await page.evaluate(() => {
    const w = window;
    w.__longTasks = { longest: 0, over200: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longTasks.longest = Math.max(w.__longTasks.longest, e.duration);
        if (e.duration > 200) w.__longTasks.over200++;
      }
    }).observe({ type: 'longtask' });
  });
  return () => page.evaluate(() => window.__longTasks);
}
