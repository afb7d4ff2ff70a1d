import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { readWhole } from './fixtures/shown-whole.ts';

// The state region on a laptop shows the members, the active set and the pending list at once,
// whole and uncovered (hit-tested where each shows), at every step of the four-lease walk and of
// its what-if with the membership guard dropped, whose fourth active row (the resurrected lease,
// marked "also in pending") and the pending list it is about are what the learner must see. A
// 1,000-lease run windows its tables: the members' window and the active set's first row show.

const STATE = '[data-region="state"]';
/** the four-lease runs: both tables whole, every row of each, the pending list */
const FOUR = [
  `${STATE} table`,
  `${STATE} [data-member]`,
  `${STATE} [data-active]`,
  `${STATE} [data-testid="pending-list"]`,
];
/** a windowed run: the members' table and the active set's first row */
const WINDOWED = [
  `${STATE} [data-member]`,
  `${STATE} table:has([data-member])`,
  `${STATE} tbody > [data-active]:first-child`,
];

/** Opens a run with its stage at the top of the window, its keys given to it; its last step. */
async function open(stepper: StepperPage, hash: string): Promise<number> {
  await stepper.goto(hash);
  await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await stepper.focus();
  const m = /^step 0 of (\d+)/.exec((await stepper.counter.textContent()) ?? '');
  expect(m, 'the run opens at step 0').not.toBeNull();
  return Number(m![1]);
}

/**
 * At the step shown (waited for on the counter): each element of `selectors` shows whole, and
 * each of them finds at least one; what does not is added to `cut`.
 */
async function readStep(stepper: StepperPage, k: number, selectors: string[], cut: string[]) {
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of`));
  const { whole } = await readWhole(stepper.root, { whole: selectors });
  whole.forEach((found, i) => {
    if (found.length === 0) cut.push(`step ${k}: nothing is ${selectors[i]}`);
    for (const { why, text } of found)
      if (why) cut.push(`step ${k}: ${selectors[i]} ${why}: ${text.slice(0, 60)}`);
  });
}

/** Walks `steps` steps forward by keys from step 0, reading each (step 0 too); what was cut. */
async function walk(stepper: StepperPage, page: Page, steps: number, selectors: string[]) {
  const cut: string[] = [];
  for (let k = 0; k <= steps; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    await readStep(stepper, k, selectors, cut);
  }
  return cut;
}

test.describe('on a laptop, 1280 × 900', () => {
  test.use(LAPTOP);

  for (const [name, hash] of [
    ['the four-lease walk', 'stepper?preset=default&x=script&k=0'],
    ['the four-lease walk run natively', 'stepper?preset=default&x=native&k=0'],
    [
      'the four-lease walk with the membership guard dropped',
      'stepper?preset=default&x=script&v=no-membership-guard&k=0',
    ],
  ] as const)
    test(`${name}: the members, the active set and pending show whole at every step`, async ({
      stepper,
      page,
    }) => {
      const last = await open(stepper, hash);
      expect(await walk(stepper, page, last, FOUR)).toEqual([]);
    });

  test('1,000 leases: the members’ window and the active set’s first row show whole through the first 40 steps and at the end', async ({
    stepper,
    page,
  }) => {
    const last = await open(stepper, 'stepper?preset=thousand&x=script&k=0');
    const cut = await walk(stepper, page, 40, WINDOWED);
    await page.keyboard.press('End');
    await readStep(stepper, last, WINDOWED, cut);
    expect(cut).toEqual([]);
  });
});

test.describe('on a laptop, 1366 × 768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the four-lease walk: the members and the active set’s first two rows show whole at every step', async ({
    stepper,
    page,
  }) => {
    const last = await open(stepper, 'stepper?preset=default&x=script&k=0');
    const rows = [`${STATE} [data-member]`, `${STATE} tbody > [data-active]:nth-child(-n + 2)`];
    expect(await walk(stepper, page, last, rows)).toEqual([]);
  });
});
