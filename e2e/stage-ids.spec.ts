import type { Locator } from '@playwright/test';
import { stepperWords as T } from '../content/stepper.ts';
import { liveJob, scenarioOf } from '../src/scenario/presets.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP, PHONE } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

// The ids in the stage's tables: each member must be told apart from the others at a glance,
// whatever the width. The lesson's ids are minted one after another and share their first
// seven characters (`JOB0KHT…`), so a short form must keep the end of the id as well.

/**
 * What the learner reads of one id where it is shown: the text of its parts that have a box, a
 * part its box clips read as the stylesheet's ellipsis shows it (what fits, then `…`).
 */
function shownText(id: Locator): Promise<string> {
  return id.evaluate((el) => {
    const parts = el.children.length ? [...el.children] : [el];
    return parts
      .filter((p) => {
        const r = p.getBoundingClientRect();
        return r.width > 2 && r.height > 2 && getComputedStyle(p).clipPath === 'none';
      })
      .map((p) => {
        const text = p.textContent ?? '';
        if (p.scrollWidth <= p.clientWidth + 1) return text;
        const fits = Math.floor(p.clientWidth / (p.scrollWidth / text.length));
        return `${text.slice(0, fits - 1)}…`;
      })
      .join('');
  });
}

/** The id shown in each of the members' rows, and its whole form (the row's title, if cut). */
async function memberIds(stepper: StepperPage) {
  const ids = stepper.root.locator('[data-member] [data-job-id]');
  await expect(ids).toHaveCount(4);
  const out: { shown: string; whole: string }[] = [];
  for (let m = 0; m < 4; m++) {
    const id = ids.nth(m);
    out.push({ shown: await shownText(id), whole: (await id.getAttribute('title')) ?? '' });
  }
  return out;
}

async function openState(stepper: StepperPage, hash = '') {
  await stepper.goto(hash);
  await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await stepper.focus();
  for (let i = 0; i < 3; i++) await stepper.page.keyboard.press('ArrowRight');
  // a phone shows the members in a tab of their own; a wide stage shows them beside the script
  const tab = stepper.root.getByRole('button', { name: T.stage.tab.state, exact: true });
  if (await tab.isVisible()) await tab.click();
}

test.describe('on a phone, 390 × 844', () => {
  test.use(PHONE);

  test("the four members' ids read apart; a tap shows one whole, and a screen reader hears it whole", async ({
    stepper,
  }) => {
    await openState(stepper);
    const ids = await memberIds(stepper);
    for (const { shown, whole } of ids) {
      // cut to fit the phone's column, keeping the id's start and its end
      expect(shown.length).toBeLessThanOrEqual(9);
      expect(whole.length).toBeGreaterThan(9);
      expect(whole.startsWith(shown.slice(0, 4))).toBe(true);
      expect(whole.endsWith(shown.slice(-4))).toBe(true);
    }
    expect(new Set(ids.map((i) => i.shown)).size).toBe(4);
    const first = stepper.root.locator('[data-member] [data-job-id]').first();
    const whole = ids[0]?.whole ?? '';
    // the id's cell is read with the whole id alone, never its short form
    await expect(
      stepper.root.getByRole('cell', { name: whole, exact: true }).first(),
    ).toBeVisible();
    await first.tap();
    await expect.poll(() => shownText(first)).toBe(whole);
    // the stage keeps its keys after the tap
    await stepper.page.keyboard.press('ArrowRight');
    await expect(stepper.counter).toHaveText(/^step 4 of/);
  });
});

test.describe('on a laptop, 1280 × 900', () => {
  test.use(LAPTOP);

  test('the lesson’s ids show whole', async ({ stepper }) => {
    await openState(stepper);
    const ids = await memberIds(stepper);
    for (const { shown } of ids) expect(shown).toMatch(/^JOB0[0-9A-Za-z]{10}$/);
    expect(new Set(ids.map((i) => i.shown)).size).toBe(4);
  });

  test('a learner’s 30-character ids are cut in the middle, read apart, and show whole on focus', async ({
    stepper,
  }) => {
    const mine = [1, 2, 3, 4].map((n) => `worker-7-batch-2026-12-05-job-${n}`);
    const scenario = scenarioOf(
      mine.map((id) => liveJob(id)),
      mine.map((id) => ({ id, token: 1 })),
    );
    const s = Buffer.from(JSON.stringify(scenario)).toString('base64url');
    await openState(stepper, `stepper?s=${s}&k=0`);
    const ids = await memberIds(stepper);
    expect(ids.map((i) => i.whole)).toEqual(mine);
    for (const { shown } of ids) expect(shown.length).toBe(16);
    expect(new Set(ids.map((i) => i.shown)).size).toBe(4);
    const first = stepper.root.locator('[data-member] [data-job-id]').first();
    await first.focus();
    await expect.poll(() => shownText(first)).toBe(mine[0]);
  });
});
