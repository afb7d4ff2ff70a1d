import type { Locator, Page } from '@playwright/test';
import { WIDGET_INFO } from '../src/embed/widgets.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP, LAPTOP_AND_PHONE, restingScrollY } from './fixtures/screens.ts';
import { readWhole } from './fixtures/shown-whole.ts';
import { hydrated } from './fixtures/reached.ts';

// The narration is a box of fixed height whose words the learner reads whole at every step: no
// line of it is cut at the box's edge or left behind an inner scrollbar, on the lesson page and
// in the embed at the snippet's height, on a laptop, on a phone and on the stages between them
// (a narrow window, an embed). The walks are the default one, the preset whose error narration
// is the longest on a phone, and the dropped membership guard, whose resurrection is the longest
// of all and raises an alert, which must read whole too. No step scrolls the page.

/** What each step reads of the stepper, in one call: its narration's lines, its alert, its box. */
const STEP_READ = {
  whole: ['[data-testid="narration"] p:not([hidden])', '[data-testid="run-notes"] [role="alert"]'],
  boxes: ['[data-testid="narration"]'],
} as const;

/**
 * At step `k` (waited for on the counter): every paragraph the step fills, none of the narration
 * behind its scrollbar, and any alert, each shown whole, and the page's scroll still `scrollY`;
 * what is not is added to `cut`. One call into the page reads it all (a call for each was most
 * of a walk's time).
 */
async function stepReadsWhole(page: Page, k: number, cut: string[], scrollY: number) {
  const {
    whole: [lines, alerts],
    hidden: [hidden],
    scrollY: at,
  } = await readWhole(page, k, STEP_READ);
  // the paragraphs this step fills (an empty one is hidden)
  expect(lines!.length, `step ${k}: the narration's lines`).toBeGreaterThan(0);
  lines!.forEach(({ why, text }, i) => {
    if (why) cut.push(`step ${k}, line ${i + 1} ${why}: ${text}`);
  });
  for (const { why, text } of alerts!) if (why) cut.push(`step ${k}, the alert ${why}: ${text}`);
  if (hidden! < 0) cut.push(`step ${k}: no narration`);
  if (hidden! > 1) cut.push(`step ${k}: ${hidden} px of the narration hide behind its scrollbar`);
  if (at !== scrollY) cut.push(`step ${k}: the page scrolled from ${scrollY} to ${at}`);
}

/** Steps from 0 to the last by keys; at each, every paragraph of the narration shows whole. */
async function walkReadingWhole(page: Page, root: Locator) {
  await hydrated(root);
  await root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const counter = root.getByTestId('step-counter');
  // waited for: a run opened by its link on a page already open shows its step 0 once the page
  // has read the link, and a run still waiting for the simulator has no steps yet
  await expect(counter).toHaveText(/^step 0 of [1-9]/);
  const last = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]);
  const narration = root.getByTestId('narration');
  const box = await narration.boundingBox();
  await root.focus();
  const scrollY = await page.evaluate(restingScrollY);
  const cut: string[] = [];
  for (let k = 0; k <= last; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    await stepReadsWhole(page, k, cut, scrollY);
  }
  // soft: where one test walks several runs, a run that fails hides no other's answer
  expect.soft(cut).toEqual([]);
  // a box of fixed size: no step changed it
  expect.soft(await narration.boundingBox(), 'the narration’s box').toEqual(box);
}

for (const [name, screen] of LAPTOP_AND_PHONE) {
  test.describe(`on ${name}`, () => {
    test.use(screen);

    // The three walks on one page, each opened by its link after the first (a load for each was
    // most of their time), each in a step named by its walk
    test("the lesson's narration reads whole at every step of the default and the wrongtype-midbatch walks; the dropped guard's narration and alert read whole at every step", async ({
      stepper,
      page,
    }) => {
      const walks = [
        ['the default walk', 'stepper?preset=default&k=0'],
        ['the wrongtype-midbatch walk', 'stepper?preset=wrongtype-midbatch&k=0'],
        ['the dropped guard', 'stepper?preset=default&v=no-membership-guard&k=0'],
      ] as const;
      test.setTimeout(walks.length * test.info().timeout);
      // each walk ends at its last step, so the next run's step 0 is its own
      for (const [walk, hash] of walks)
        await test.step(walk, async () => {
          await stepper.goto(hash);
          await walkReadingWhole(page, stepper.root);
        });
    });

    test(`the embed's narration, at the snippet's height, reads whole at every step`, async ({
      page,
    }) => {
      await page.setViewportSize({
        width: screen.viewport.width,
        height: WIDGET_INFO.stepper.defaultHeight,
      });
      await page.goto('/embed/stepper.html#stepper?preset=default&x=script&k=0');
      await walkReadingWhole(page, page.locator('[data-stepper]').first());
    });
  });
}

// Between the phone and the laptop, what a step says takes the stage's width: a column beside the
// script cut the resurrection's words and its alert. The page's padding is 20 px a side, so a
// window 40 px wider than the stage gives the stage that width.
for (const stage of [700, 850, 1000]) {
  test(`on a ${stage} px stage, the dropped guard's narration and alert read whole at every step`, async ({
    stepper,
    page,
  }) => {
    await page.setViewportSize({ width: stage + 40, height: 900 });
    await stepper.goto('stepper?preset=default&v=no-membership-guard&k=0');
    await walkReadingWhole(page, stepper.root);
  });
}

test("the embed 760 px wide, at the snippet's height: the dropped guard's narration and alert read whole at every step", async ({
  page,
}) => {
  await page.setViewportSize({ width: 760, height: WIDGET_INFO.stepper.defaultHeight });
  await page.goto('/embed/stepper.html#stepper?preset=default&v=no-membership-guard&x=script&k=0');
  await walkReadingWhole(page, page.locator('[data-stepper]').first());
});

test.describe('on a laptop, 1280 × 900', () => {
  test.use(LAPTOP);

  test("the 1,000-lease walk's narration reads whole at its last 25 steps, where the failed list is longest", async ({
    stepper,
    page,
  }) => {
    await stepper.goto('stepper?preset=thousand&k=0');
    await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    // of a run made: one still waiting for the simulator shows step 0 of 0 (a walk of nothing)
    await expect(stepper.counter).toHaveText(/^step 0 of [1-9]/);
    const last = Number(/of (\d+)/.exec((await stepper.counter.textContent()) ?? '')![1]);
    await stepper.focus();
    const scrollY = await page.evaluate(restingScrollY);
    await page.keyboard.press('End');
    const cut: string[] = [];
    for (let k = last; k > last - 25; k--) {
      if (k < last) await page.keyboard.press('ArrowLeft');
      await stepReadsWhole(page, k, cut, scrollY);
    }
    expect(cut).toEqual([]);
  });
});
