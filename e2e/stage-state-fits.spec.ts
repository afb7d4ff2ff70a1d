import type { Page } from '@playwright/test';
import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP, SHORT_LAPTOP } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { atStep } from './fixtures/at-step.ts';
import { readWhole } from './fixtures/shown-whole.ts';

// The state region on a laptop (1280 × 900, and a short one: 1366 × 768) shows the members, the active set and the pending list at once,
// whole and uncovered (hit-tested where each shows), at every step of the four-lease walk and of
// its what-if with the membership guard dropped, whose fourth active row (the resurrected lease,
// marked "also in pending") and the pending list it is about are what the learner must see. A
// 1,000-lease run windows its tables: the members' window and the active set's first row show.
// With predict mode on, its box above the tables keeps one height whether it says "step on",
// asks, answers or tallies, so the tables stand where they stood at step 0 through the walk; and
// with the guard dropped and predict mode on (the what-if's banner and predict's box both take
// room), the same rows, the pending list and the broken invariant's alert still show whole.

const STATE = '[data-region="state"]';
/** the four-lease runs: both tables whole, every row of each, the pending list */
const FOUR = [
  `${STATE} table`,
  `${STATE} [data-member]`,
  `${STATE} [data-active]`,
  `${STATE} [data-testid="pending-list"]`,
];
/** a windowed run: the members' table and the active set's first row */
/** predict mode's box, and its words (which must never hide below it) */
const PREDICT = `${STATE} section[aria-label="${T.predict.region}"]`;
const PREDICT_WORDS = `${PREDICT} > p`;
/** the broken invariant's alert: whole wherever a step shows it */
const ALERT = `[data-testid="run-notes"] [role="alert"]`;
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
  // waited for: a run opened by its link on a page already open shows its step 0 once the
  // page has read the link, and a run still waiting for the simulator has no steps yet
  await expect(stepper.counter, 'the run opens at step 0').toHaveText(/^step 0 of [1-9]/);
  const m = /^step 0 of (\d+)/.exec((await stepper.counter.textContent()) ?? '');
  return Number(m![1]);
}

/**
 * At step `k` (waited for on the counter): each element of `selectors` shows whole, and
 * each of them finds at least one, the broken invariant's alert shows whole if the step has it,
 * and no words of `boxes` hide below what the box shows; what does not is added to `cut`.
 * Whether the step shows the alert.
 */
async function readStep(
  stepper: StepperPage,
  k: number,
  selectors: string[],
  cut: string[],
  boxes: string[] = [],
): Promise<boolean> {
  // the alert is asked of every step, and must show whole at those that have it
  const ask = [...selectors, ALERT];
  const { whole, hidden } = await readWhole(stepper.page, k, { whole: ask, boxes });
  whole.forEach((found, i) => {
    if (found.length === 0 && ask[i] !== ALERT) cut.push(`step ${k}: nothing is ${ask[i]}`);
    for (const { why, text } of found)
      if (why) cut.push(`step ${k}: ${ask[i]} ${why}: ${text.slice(0, 60)}`);
  });
  hidden.forEach((px, i) => {
    if (px > 1) cut.push(`step ${k}: ${px} px of ${boxes[i]} hide below it`);
  });
  return whole[whole.length - 1]!.length > 0;
}

/** Where each table of the state region stands: its box, rounded to the pixel. */
function tableBoxes(stepper: StepperPage): Promise<string[]> {
  return atStep(
    stepper.page,
    null,
    (root, tables) =>
      [...root.querySelectorAll(tables)].map((t) => {
        const r = t.getBoundingClientRect();
        return `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
      }),
    `${STATE} table`,
  );
}

/**
 * Walks the run with predict mode on, as a learner does: forward by keys, each question answered
 * (re-scored, then failed, in turn), which reveals that member's verdict; then, every pick made,
 * from step 0 to the last again, so every step is seen with its words (step on, the feedback,
 * the tally). At every place the walk stands, the tables, their rows, the pending list and the
 * predict box (its words and, asked, its buttons) show whole, and the tables stand where they
 * stood at step 0; what does not is answered.
 */
async function walkPredicting(stepper: StepperPage, page: Page, last: number): Promise<Walked> {
  const cut: string[] = [];
  const alerted = new Set<number>();
  const at0 = await tableBoxes(stepper);
  const read = async (k: number, what: string) => {
    // the box and its words whole; asked, the question's buttons too
    const whole = [...FOUR, PREDICT, ...(what === 'asked' ? [`${PREDICT} button`] : [])];
    if (await readStep(stepper, k, whole, cut, [PREDICT_WORDS])) alerted.add(k);
    const boxes = await tableBoxes(stepper);
    if (boxes.join() !== at0.join())
      cut.push(
        `step ${k} (${what}): the tables stand at ${boxes.join(' · ')}, not ${at0.join(' · ')}`,
      );
  };
  const question = stepper.root.getByRole('region', { name: T.predict.region });
  let answers = 0;
  for (let k = 0; k < last;) {
    const ask = question.getByRole('button', {
      name: answers % 2 ? T.predict.failed : T.predict.rescored,
      exact: true,
    });
    const asked = await ask.isVisible();
    if (asked) {
      await read(k, 'asked');
      await ask.click();
      answers++;
      await stepper.focus();
    } else await page.keyboard.press('ArrowRight');
    await expect(stepper.counter).not.toHaveText(new RegExp(`^step ${k} of`));
    k = await stepper.stepNumber();
    await read(k, asked ? 'answered' : 'stepped');
  }
  expect(answers, 'the walk answered a question').toBeGreaterThan(0);
  await page.keyboard.press('Home');
  for (let k = 0; k <= last; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    await read(k, 'every pick made');
  }
  await expect(stepper.root.getByTestId('predict-tally')).toBeVisible();
  return { cut, alerted: [...alerted].sort((a, b) => a - b) };
}

/** What a walk found: what did not show whole, and the steps that showed the alert. */
interface Walked {
  cut: string[];
  alerted: number[];
}

/** Walks `steps` steps forward by keys from step 0, reading each (step 0 too). */
async function walk(
  stepper: StepperPage,
  page: Page,
  steps: number,
  selectors: string[],
): Promise<Walked> {
  const cut: string[] = [];
  const alerted: number[] = [];
  for (let k = 0; k <= steps; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    if (await readStep(stepper, k, selectors, cut)) alerted.push(k);
  }
  return { cut, alerted };
}

/** The four-lease walk's links, and whether the run breaks the invariant (its alert then shows). */
const WALKS = [
  ['the four-lease walk', 'stepper?preset=default&x=script&k=0', false],
  ['the four-lease walk run natively', 'stepper?preset=default&x=native&k=0', false],
  [
    'the four-lease walk with the membership guard dropped',
    'stepper?preset=default&x=script&v=no-membership-guard&k=0',
    true,
  ],
] as const;

/** A walk's answer: nothing cut, and the alert shown at the last step where the run breaks. */
function expectWalked({ cut, alerted }: Walked, last: number, breaks: boolean) {
  // soft: where one test walks several runs, a run that fails hides no other's answer
  expect.soft(cut).toEqual([]);
  if (breaks)
    expect.soft(alerted, 'the broken invariant’s alert shows at the reply').toContain(last);
  else expect.soft(alerted, 'no alert where the invariant holds').toEqual([]);
}

for (const [name, screen] of [
  ['1280 × 900', LAPTOP],
  ['1366 × 768', SHORT_LAPTOP],
] as const)
  test.describe(`on a laptop, ${name}`, () => {
    test.use(screen);
    // The three walks and the 1,000 leases on one page, each opened by its link after the first
    // (a load for each was most of their time): every walk read, and what each found named by
    // the walk (the checks are soft, so one walk's failure hides no other's)
    test(`${WALKS.map(([walkName]) => walkName).join('; ')}: the members, the active set, pending and any alert show whole at every step; 1,000 leases: the members’ window and the active set’s first row show whole through the first 40 steps and at the end`, async ({
      stepper,
      page,
    }) => {
      test.setTimeout((WALKS.length + 1) * test.info().timeout);
      // each walk ends past its step 0, so the next run's step 0 is its own
      for (const [walkName, hash, breaks] of WALKS)
        await test.step(walkName, async () => {
          const last = await open(stepper, hash);
          expectWalked(await walk(stepper, page, last, FOUR), last, breaks);
        });
      await test.step('1,000 leases', async () => {
        const last = await open(stepper, 'stepper?preset=thousand&x=script&k=0');
        const { cut } = await walk(stepper, page, 40, WINDOWED);
        await page.keyboard.press('End');
        await readStep(stepper, last, WINDOWED, cut);
        expect.soft(cut, '1,000 leases').toEqual([]);
      });
    });

    for (const [walkName, hash, breaks] of WALKS.filter(([, h]) => h.includes('x=script')))
      test(`${walkName} in predict mode: the tables stand still and show whole at every step, asked, answered and tallied, and so does any alert`, async ({
        stepper,
        page,
      }) => {
        const last = await open(stepper, hash);
        await stepper.root.getByLabel(T.predictMode).check();
        await stepper.focus();
        expectWalked(await walkPredicting(stepper, page, last), last, breaks);
      });
  });
