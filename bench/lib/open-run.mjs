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
 * Brings the page's first stepper's stage to the top of the window, as a learner does before
 * stepping: the lesson puts the stage below its introduction (about 1,000 px down at 1280 × 900),
 * and a step painted off screen costs no paint, so it would be measured too cheap. The stage is
 * as tall as the window, so the whole of it is then on screen.
 */
export async function stageInView(page) {
  await page
    .locator('[data-stepper]')
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
}

/**
 * Opens `url` (the lesson, with a hash saying which run), waits until the page's first stepper
 * holds a run of at least `minSteps` steps, brings its stage into view, then waits a moment
 * more for it to settle.
 */
export async function openRun(page, url, minSteps) {
  await page.goto(url);
  await runOf(page, minSteps, 60_000);
  await stageInView(page);
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
 * script always shows beside the regions; the other panels share the state's place, and only
 * the open tab renders on a step).
 */
export async function showPanel(page, name) {
  const stage = page.locator('[data-stepper]').first();
  await stageInView(page);
  const tab = TAB_OF[name];
  if (tab) await stage.getByRole('button', { name: tab, exact: true }).click();
  await page.waitForTimeout(400);
}
