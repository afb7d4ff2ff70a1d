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
 * Waits until every island of the page has hydrated: each then marks itself (`data-ready`, the
 * stepper's `data-live` on its controls). The lesson hydrates the islands other than the stepper
 * when they come near the screen or the page goes idle, in slices of a few milliseconds; at 4×
 * throttling the fate picker's came about two seconds into a walk timed after the run showed,
 * and the steps its slices delayed were counted as the steps' own time.
 */
export function islandsHydrated(page, timeout) {
  return page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-island]')].every(
        (el) => el.querySelector('[data-ready], [data-live]') !== null,
      ),
    null,
    { timeout, polling: 250 },
  );
}

/**
 * Opens `url` (the lesson, with a hash saying which run), waits until the page's first stepper
 * holds a run of at least `minSteps` steps, brings its stage into view, waits until the page's
 * other islands have hydrated (page load, not a step's work), then a moment more for it to
 * settle. `timeout` bounds each wait (a loaded machine, or pages throttled in the background).
 */
export async function openRun(page, url, minSteps, timeout = 120_000) {
  await page.goto(url);
  await runOf(page, minSteps, timeout);
  await stageInView(page);
  await islandsHydrated(page, timeout);
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
