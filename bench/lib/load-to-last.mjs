// Loading the 1,000-lease preset and jumping to its last step, in the built lesson: the time
// from the hash that asks for it to the paint that shows the last step, once the simulator's
// lazy chunk is in the page (a small scenario the build did not prerender is stepped first, so
// the chunk has arrived and run). Each sample is a fresh page, so no run is reused.

import { stageInView } from './open-run.mjs';

/**
 * Opens `url` and measures one load-to-last-step in the page: `performance.now()` from the
 * hashchange to the frame painted after the counter reads "step n of n". `around`, if given, is
 * called with the jump (a function that makes it and resolves to its time) and returns what it
 * resolves to: a profiler starts and stops around it (bench/profile-load-last.mjs).
 */
export async function loadToLast(page, url, around = (jump) => jump()) {
  await page.goto(`${url}#stepper?preset=reaped&x=script&k=0`);
  const root = page.locator('[data-stepper]').first();
  await root.locator('fieldset[data-live]').waitFor({ state: 'attached' });
  await page.waitForFunction(
    () =>
      /^step 0 of \d+/.test(
        document.querySelector('[data-stepper] [data-testid=step-counter]')?.textContent ?? '',
      ),
    null,
    { timeout: 60_000 },
  );
  await stageInView(page);
  await page.waitForTimeout(300);
  return around(() => jump(page));
}

/** Jumps to the 1,000-lease preset's last step; the time to the frame that shows it, in ms. */
function jump(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        // read afresh each frame: while the new run is made the stepper shows no controls, and
        // the counter it shows with the run is a new element
        const atLast = () => {
          const counter = document.querySelector('[data-stepper] [data-testid=step-counter]');
          const m = /^step ([\d,]+) of ([\d,]+)/.exec(counter?.textContent ?? '');
          return m && m[1] === m[2] && Number(m[2].replace(/,/g, '')) >= 1000;
        };
        requestAnimationFrame(() => {
          const t0 = performance.now();
          // marks the jump in a trace (bench/profile-load-last.mjs)
          console.timeStamp('jump');
          location.hash = '#stepper?preset=thousand&x=script&k=1000000';
          const poll = () => {
            if (atLast()) setTimeout(() => resolve(performance.now() - t0), 0);
            else requestAnimationFrame(poll);
          };
          requestAnimationFrame(poll);
        });
      }),
  );
}
