import type { Page } from '@playwright/test';
import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP, PHONE, restingScrollY } from './fixtures/screens.ts';
import { holdKey, type StepperPage } from './fixtures/stepper-page.ts';
import { expectShownWhole, readWhole } from './fixtures/shown-whole.ts';
import { atStep } from './fixtures/at-step.ts';
import { VARIANTS } from '../src/vocabulary/index.ts';

// The stage: what the learner sees on a laptop and on a phone is there at once, whole and
// uncovered (each element hit-tested where it shows, not only its box measured), and stepping
// never moves the page.

/** Opens the lesson, brings the stage to the top of the window and steps to `k` by keys. */
async function openAt(stepper: StepperPage, k: number, hash = '') {
  await stepper.goto(hash);
  await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await stepper.focus();
  await holdKey(stepper.page, 'ArrowRight', k);
  // of a run made: a run still waiting for the simulator shows step 0 of 0, and a walk that read
  // its length there would walk nothing
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of [1-9]`));
}

const lines = (stepper: StepperPage) =>
  stepper.root.locator('[data-testid="code-view"] [data-line]');
const members = (stepper: StepperPage) => stepper.root.locator('[data-member]');

/** The window's scroll, once it has come to rest. */
const scrollOf = (page: Page) => page.evaluate(restingScrollY);

/**
 * Why the scenario's row on a phone's stage does not show its choice whole and that there is more
 * (empty when it does): the choice ends inside the row's shown width, the executor's choices
 * stand on its line, and the first begins at least 1rem inside that width, the rest a swipe away.
 */
function scenarioRowFaults(stepper: StepperPage): Promise<string> {
  return stepper.root.getByRole('radiogroup', { name: 'Executor' }).evaluate((group) => {
    const row = group.parentElement!.getBoundingClientRect();
    const select = group.parentElement!.querySelector('select')!.getBoundingClientRect();
    const choices = [...group.querySelectorAll('label')].map((l) => l.getBoundingClientRect());
    const faults: string[] = [];
    // shownWhole judges a box's start only (a long line may run on): the choice's end counts here
    if (select.right > row.right + 0.5) {
      faults.push(`the scenario's choice ends at ${select.right}, past the row's ${row.right}`);
    }
    choices.forEach((c, i) => {
      if (Math.abs(c.top - select.top) > 4) {
        faults.push(`choice ${i + 1} stands at ${c.top}, the scenario's choice at ${select.top}`);
      }
    });
    const start = choices[0]?.left ?? Infinity;
    if (start > row.right - 16) {
      faults.push(`the first choice starts at ${start}, the row ends at ${row.right}`);
    }
    return faults.join('; ');
  });
}

/** 40 steps forward by keys, then 10 back by `back` (a click or a tap): the page never moves. */
async function expectStepsLeavePage(stepper: StepperPage, back: () => Promise<void>) {
  const { page, counter } = stepper;
  const at = await scrollOf(page);
  await holdKey(page, 'ArrowRight', 40);
  await expect(counter).toHaveText(/^step 40 of 40/);
  expect(await scrollOf(page)).toBe(at);
  for (let k = 39; k >= 30; k--) {
    await back();
    await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
  }
  expect(await scrollOf(page)).toBe(at);
}

/**
 * Each of the listing's tags ("changed", "no longer true after this edit") and the words of its
 * line drawn under it: the words' painted extent (their text's box, cut by the boxes that clip
 * it) reaching past the tag's left edge. Run in the page.
 */
function wordsUnderTags(code: Element): string[] {
  const out: string[] = [];
  for (const line of code.querySelectorAll('[data-line]')) {
    const tag = line.querySelector(':scope > [data-part="tag"]');
    const words = line.querySelector(':scope > [data-part="words"]');
    if (!tag || !words) continue;
    const range = document.createRange();
    range.selectNodeContents(words);
    let right = range.getBoundingClientRect().right;
    for (let el: Element | null = words; el && el !== code.parentElement; el = el.parentElement)
      if (getComputedStyle(el).overflowX !== 'visible')
        right = Math.min(right, el.getBoundingClientRect().right);
    const left = tag.getBoundingClientRect().left;
    if (right > left + 1)
      out.push(
        `line ${line.getAttribute('data-line')}: ${Math.round(right - left)} px under its tag`,
      );
  }
  return out;
}

/** Opens the what-if with the membership guard dropped; no tag of its listing covers words. */
async function expectTagsClear(stepper: StepperPage) {
  await openAt(stepper, 0, 'stepper?preset=reaped&x=script&v=no-membership-guard&k=0');
  const code = stepper.root.locator('[data-testid="code-view"]');
  await expect(code.locator('[data-part="tag"]').first()).toBeVisible();
  expect(await code.evaluate(wordsUnderTags)).toEqual([]);
}

test.describe('on a laptop, 1280 × 900', () => {
  test.use(LAPTOP);

  // one state, opened once: what shows at once on the state tab, then on the locals tab
  test('at step 12 the controls, the narration, the whole script, every member, the active set and the notes show at once; the locals tab shows every local of the frame in a box of its own', async ({
    stepper,
  }) => {
    await openAt(stepper, 12);
    await expectShownWhole(
      'the forward button',
      stepper.root.getByRole('button', { name: 'Forward one line' }),
    );
    await expectShownWhole('the timeline', stepper.root.getByRole('slider', { name: 'Timeline' }));
    await expectShownWhole('the narration', stepper.narration);
    await expectShownWhole('the notes', stepper.root.getByTestId('run-notes'));
    const script = lines(stepper);
    expect(await script.count()).toBe(28);
    await expectShownWhole('the script’s first line', script.first());
    await expectShownWhole('the script’s last line', script.last());
    await expectShownWhole('the lit line', stepper.currentCodeLine);
    const rows = members(stepper);
    expect(await rows.count()).toBe(4);
    for (let m = 0; m < 4; m++) await expectShownWhole(`member ${m + 1}`, rows.nth(m));
    for (let m = 0; m < 4; m++)
      await expectShownWhole(`member ${m + 1}'s verdict`, stepper.verdictOf(m));
    await expectShownWhole('the active set', stepper.root.locator('[data-active]').first());
    await expectShownWhole('pending', stepper.root.getByTestId('pending-list'));
    await stepper.showTab(T.stage.tab.locals);
    const locals = stepper.root.locator('[data-local]');
    await expect(locals.first()).toBeVisible();
    // the frame at the ZADD: base, lease, t, now, failed, i, id, token, jk, att
    expect(await locals.count()).toBeGreaterThanOrEqual(10);
    for (let i = 0; i < (await locals.count()); i++)
      await expectShownWhole(
        `local ${await locals.nth(i).getAttribute('data-local')}`,
        locals.nth(i),
      );
    await expectShownWhole('the narration', stepper.narration);
    await expectShownWhole('the script’s last line', lines(stepper).last());
    // and the members come back with their tab
    await stepper.showTab(T.stage.tab.state);
    for (let m = 0; m < 4; m++)
      await expectShownWhole(`member ${m + 1}'s verdict`, stepper.verdictOf(m));
  });

  test('40 steps by keys and 10 by clicks leave the page where it was', async ({
    stepper,
    page,
  }) => {
    await openAt(stepper, 0);
    expect(await scrollOf(page)).toBeGreaterThan(0);
    await expectStepsLeavePage(stepper, () => stepper.backLine());
  });

  test('the members’ columns stay put through the walk: a verdict written moves no check', async ({
    stepper,
    page,
  }) => {
    await openAt(stepper, 0);
    // where each column of the members' table starts, read from the first member's row
    const columns = (k: number) =>
      atStep(
        page,
        k,
        (root) =>
          [...root.querySelector('[data-member]')!.children].map((td) =>
            Math.round(td.getBoundingClientRect().x),
          ),
        undefined,
      );
    const at0 = await columns(0);
    for (let k = 1; k <= 40; k++) {
      await page.keyboard.press('ArrowRight');
      expect(await columns(k), `the columns at step ${k}`).toEqual(at0);
    }
  });

  test('with the membership guard dropped, the alert shows at the resurrection and at the reply', async ({
    stepper,
  }) => {
    await openAt(stepper, 0);
    await stepper.root.getByLabel('drop the membership guard').check({ force: true });
    await stepper.focus();
    // step to the write that puts the reaped id back into active
    for (let k = 1; k <= 40 && !(await stepper.brokenInvariant.isVisible()); k++)
      await stepper.page.keyboard.press('ArrowRight');
    await expectShownWhole('the alert at the resurrection', stepper.brokenInvariant);
    await expect(stepper.narration).toContainText('resurrected');
    // the members table says it too, in the colour of a failure, not a live lease's green
    const reaped = stepper.verdictOf(3);
    await expect(reaped).toHaveText('re-scored: resurrected');
    await expectShownWhole('the resurrected verdict', reaped);
    const colour = (l: typeof reaped) => l.evaluate((el) => getComputedStyle(el).color);
    expect(await colour(reaped)).toBe(await colour(stepper.verdictOf(1)));
    expect(await colour(reaped)).not.toBe(await colour(stepper.verdictOf(0)));
    await stepper.last();
    await expect(stepper.counter).toHaveText(/^step (\d+) of \1/);
    await expectShownWhole('the alert at the reply', stepper.brokenInvariant);
  });

  test('a what-if’s tags never cover the words of their lines', async ({ stepper }) => {
    await expectTagsClear(stepper);
  });

  // a what-if's banner, its two-line caption and the lines it marks (the clock variant's three
  // added and three struck) take room the lesson's listing keeps: its listing must still show
  // whole at once, or its box scrolls and cuts its first lines
  for (const variant of VARIANTS.filter((v) => v !== 'real'))
    test(`the what-if ${variant}: every line of the script shows at once, and the first, last and lit lines whole, at every step`, async ({
      stepper,
      page,
    }) => {
      await openAt(stepper, 0, `stepper?preset=default&x=script&v=${variant}&k=0`);
      const last = Number(/of (\d+)/.exec((await stepper.counter.textContent()) ?? '')![1]);
      const code = '[data-testid="code-view"]';
      // hit-tested: the first line, the last, the lit one
      const hit = [
        `${code} [data-line="1"]`,
        `${code} [data-line]:last-child`,
        `${code} [data-line][aria-current="step"]`,
      ];
      // inside the listing's box: every line, the struck lines the edit removed too (the lit
      // line's copy may lie over the rows under it, so these are not hit-tested)
      const all = [`${code} [data-line]`, `${code} [data-mark="removed"]`];
      const cut: string[] = [];
      for (let k = 0; k <= last; k++) {
        if (k > 0) await page.keyboard.press('ArrowRight');
        const { whole } = await readWhole(page, k, { whole: [...hit, ...all] });
        whole.forEach((found, i) => {
          const ask = [...hit, ...all][i]!;
          // before the first step no line is lit; only the clock variant removes lines
          if (found.length === 0 && i < 2) cut.push(`step ${k}: no ${ask}`);
          if (found.length === 0 && i === 2 && k > 0) cut.push(`step ${k}: no ${ask}`);
          for (const { why, text } of found)
            if (why && (i < hit.length || !why.startsWith('is covered')))
              cut.push(`step ${k}: ${ask} ${why}: ${text.slice(0, 40)}`);
        });
      }
      expect(cut).toEqual([]);
    });

  test('a click anywhere in the stage, its title included, gives it the keys', async ({
    stepper,
    page,
  }) => {
    await openAt(stepper, 0);
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await stepper.root.getByRole('heading', { name: /^Extend four leases/ }).click();
    await page.keyboard.press('ArrowRight');
    await expect(stepper.counter).toHaveText(/^step 1 of/);
    await stepper.narration.click();
    await page.keyboard.press('ArrowRight');
    await expect(stepper.counter).toHaveText(/^step 2 of/);
  });

  test('keys keep working after a click on a button that then disables itself', async ({
    stepper,
    page,
  }) => {
    await openAt(stepper, 0);
    await stepper.last();
    await page.keyboard.press('ArrowLeft');
    await expect(stepper.counter).toHaveText(/^step 39 of/);
    await page.keyboard.press('End');
    // at the end: it does nothing, and keeps the keys
    await stepper.root.getByRole('button', { name: 'Forward one line' }).click({ force: true });
    await page.keyboard.press('Home');
    await expect(stepper.counter).toHaveText(/^step 0 of/);
    // › where predict mode asks
    await stepper.root.getByLabel(/Predict mode/).check();
    await stepper.forwardMember();
    await expect(stepper.root.getByText(/^Predict member 1/)).toBeVisible();
    await stepper.root.getByRole('button', { name: 'Forward one line' }).click({ force: true });
    await page.keyboard.press('ArrowLeft');
    await expect(stepper.counter).not.toHaveText(/^step 0 of/);
    const at = await stepper.stepNumber();
    await page.keyboard.press('ArrowLeft');
    await expect(stepper.counter).toHaveText(new RegExp(`^step ${at - 1} of`));
  });
});

test.describe('on a phone, 390 × 844', () => {
  test.use(PHONE);

  test('at step 12 the script shows whole in its tab, every member in theirs, with the narration, the controls and the scenario’s choice', async ({
    stepper,
  }) => {
    await openAt(stepper, 12);
    // the scenario's row scrolls sideways: its choice shows whole, arrow and all, and the
    // executor's choices start inside the row, on its one line, so the learner sees there is more
    await expectShownWhole(
      'the scenario’s choice',
      stepper.root.getByRole('combobox', { name: 'Scenario' }),
    );
    expect(await scenarioRowFaults(stepper)).toBe('');
    await expectShownWhole(
      'the forward button',
      stepper.root.getByRole('button', { name: 'Forward one line' }),
    );
    await expectShownWhole('the narration', stepper.narration);
    const script = lines(stepper);
    await expectShownWhole('the script’s first line', script.first());
    await expectShownWhole('the script’s last line', script.last());
    await stepper.showTab(T.stage.tab.state);
    const rows = members(stepper);
    for (let m = 0; m < 4; m++) await expectShownWhole(`member ${m + 1}`, rows.nth(m));
    // the verdicts wrap in their cells: none is cut off or pushed off the screen
    for (let m = 0; m < 4; m++)
      await expectShownWhole(`member ${m + 1}'s verdict`, stepper.verdictOf(m));
    await expectShownWhole('the narration', stepper.narration);
    await expectShownWhole(
      'the forward button',
      stepper.root.getByRole('button', { name: 'Forward one line' }),
    );
  });

  test('a what-if’s tags never cover the words of their lines', async ({ stepper }) => {
    await expectTagsClear(stepper);
  });

  test('40 steps by keys and 10 by taps leave the page where it was', async ({ stepper }) => {
    await openAt(stepper, 0);
    await expectStepsLeavePage(stepper, () =>
      stepper.root.getByRole('button', { name: 'Back one line' }).tap(),
    );
  });
});

// The 1,000-lease walk on a laptop's stage 700 and 900 px tall (the lesson's slot makes the stage
// the window's height less 2.75rem, 44 px): the title names the scenario the stage runs, not the
// default's four leases, and stepping through it, to its end and back, never changes the stage's
// box or the page's scroll.
for (const height of [700, 900]) {
  test(`a stage ${height} px tall running 1,000 leases is titled so, and its walk keeps the stage's box and the page's scroll`, async ({
    stepper,
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: height + 44 });
    await openAt(stepper, 0, 'stepper?preset=thousand&k=0');
    await expect(stepper.root.getByRole('heading', { level: 2 })).toHaveText(
      /^Extend 1,000 leases/,
    );
    const box = await stepper.root.boundingBox();
    expect(box?.height).toBe(height);
    const at = await scrollOf(page);
    const unmoved = async (where: string) => {
      expect(await scrollOf(page), `the page's scroll ${where}`).toBe(at);
      expect(await stepper.root.boundingBox(), `the stage's box ${where}`).toEqual(box);
    };
    await holdKey(page, 'ArrowRight', 40);
    await expect(stepper.counter).toHaveText(/^step 40 of/);
    await unmoved('after 40 steps');
    await page.keyboard.press('End');
    await expect(stepper.counter).toHaveText(/^step (\d+) of \1/);
    await unmoved('at the end');
    const last = await stepper.stepNumber();
    await holdKey(page, 'ArrowLeft', 10);
    await expect(stepper.counter).toHaveText(new RegExp(`^step ${last - 10} of`));
    await unmoved('10 steps back from the end');
  });
}
