/** Waits until the page's first stepper holds a run of at least `min` steps. */
export function runOf(page, min, timeout) {
  return page.waitForFunction(
    (min) => {
      const c = document.querySelector('[data-stepper] [data-testid=step-counter]');
      const m = c && /of ([\d,]+)/.exec(c.textContent ?? '');
      return m && Number(m[1].replace(/,/g, '')) >= min;
    },
    min,
    { timeout },
  );
}

/**
 * Opens `url` (the lesson, with a hash saying which run) and waits until the page's first
 * stepper holds a run of at least `minSteps` steps, then a moment more for it to settle.
 */
export async function openRun(page, url, minSteps) {
  await page.goto(url);
  await runOf(page, minSteps, 60_000);
  await page.waitForTimeout(300);
}

/** The stage's tab each panel stands in (content/stepper.ts, `stage.tab`). */
const TAB_OF = {
  locals: 'Locals',
  keyspace: 'Keyspace',
  argv: 'Args · clock · reply',
  clock: 'Args · clock · reply',
  reply: 'Args · clock · reply',
  changes: 'Other writes',
};

/**
 * Brings the first stepper's stage into view and shows the tab that holds panel `name` (the
 * script, the members and the active set always show on a wide stage; the other panels share
 * one tabbed region, and only its open tab renders on a step).
 */
export async function showPanel(page, name) {
  const stage = page.locator('[data-stepper]').first();
  await stage.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const tab = TAB_OF[name];
  if (tab) await stage.getByRole('button', { name: tab, exact: true }).click();
  await page.waitForTimeout(400);
}
