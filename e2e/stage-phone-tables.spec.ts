import type { Page } from '@playwright/test';
import { panelWords as P } from '../content/panels.ts';
import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';
import { NARROW_PHONE, PHONE } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { expectShownWhole } from './fixtures/shown-whole.ts';
import { atStep } from './fixtures/at-step.ts';

// The state's tables on a phone (390 × 844, and a narrow one, 360 × 740) fit the screen's width:
// a learner reads every column of a row without scrolling the table or the page sideways, at
// every step.

/** The rows of the members' table, and of the active set's. */
const MEMBER = '[data-member]';
const ACTIVE = '[data-active]';

/** Opens a run on its Members tab, the stage at the top of the window; its last step. */
async function openMembers(stepper: StepperPage, hash: string): Promise<number> {
  await stepper.goto(hash);
  await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await stepper.showTab(T.stage.tab.state);
  await stepper.focus();
  // waited for: a run opened by its link on a page already open shows its step 0 once the
  // page has read the link, and a run still waiting for the simulator has no steps yet
  await expect(stepper.counter, 'the run opens at step 0').toHaveText(/^step 0 of [1-9]/);
  const m = /^step 0 of (\d+)/.exec((await stepper.counter.textContent()) ?? '');
  return Number(m![1]);
}

/**
 * Each cell of the rows `rows` finds under the stepper that does not stand whole inside its
 * table's box (the box that scrolls sideways): its right edge past the box's, or the box wider
 * inside than it shows. Run in the page (by {@link atStep}).
 */
function cellsCut(stepper: Element, rows: string): string[] {
  const out: string[] = [];
  for (const row of stepper.querySelectorAll(rows)) {
    const wrap = row.closest('table')!.parentElement!;
    const box = wrap.getBoundingClientRect();
    const right = box.left + wrap.clientLeft + wrap.clientWidth;
    if (wrap.scrollWidth > wrap.clientWidth)
      out.push(`the table scrolls sideways: ${wrap.scrollWidth} px in ${wrap.clientWidth}`);
    [...row.children].forEach((cell, i) => {
      const r = cell.getBoundingClientRect();
      if (r.right > right + 1)
        out.push(`column ${i + 1} of ${row.textContent}: ends at ${r.right}, the box at ${right}`);
    });
  }
  return out;
}

/**
 * Walks the run to its last step by keys; what the rows `rows` finds show cut at each step (read
 * once the counter shows it). `alsoAt`, when given, reads more of each step.
 */
async function walkCut(
  page: Page,
  last: number,
  rows: string,
  alsoAt?: (k: number) => Promise<void>,
) {
  const cut: string[] = [];
  for (let k = 0; k <= last; k++) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    for (const why of await atStep(page, k, cellsCut, rows)) cut.push(`step ${k}: ${why}`);
    await alsoAt?.(k);
  }
  return cut;
}

// The native twin refuses a read-only caller (NOPERM) after its read pass: every member's
// verdict then says so, and each cell holds that verdict's room from step 0. The four members
// show at once, whole, before the run and at its end, with no sideways scroll.
const READ_ONLY_FOUR =
  'a read-only caller run natively: the four members and their verdicts show at once at step 0 and at the refusal';
async function readOnlyFourAtOnce({ stepper, page }: { stepper: StepperPage; page: Page }) {
  const last = await openMembers(stepper, 'stepper?preset=read-only-caller&x=native&k=0');
  const rows = stepper.root.locator(MEMBER);
  await expect(rows).toHaveCount(4);
  const allWhole = async (k: number) => {
    for (let m = 0; m < 4; m++) {
      await expectShownWhole(`step ${k}: member ${m + 1}`, rows.nth(m));
      await expectShownWhole(`step ${k}: member ${m + 1}'s verdict`, stepper.verdictOf(m));
    }
    expect(await atStep(stepper.page, k, cellsCut, MEMBER), `step ${k}`).toEqual([]);
  };
  await allWhole(0);
  await page.keyboard.press('End');
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${last} of`));
  await expect(stepper.verdictOf(0)).toHaveAttribute('data-refused', '');
  await allWhole(last);
}

test.describe('on a phone, 390 × 844', () => {
  test.use(PHONE);

  // With the membership guard dropped, the resurrected lease is marked "also in pending" in the
  // active set, and every row keeps the mark's room from step 0 (no step moves a row). On a
  // phone that room is a star after the id, with its key under the table: the rows stay one
  // line, as tall as the real script's, and the mark and its key show at the reply.
  // One page, both walks (the what-if opened by its link: a load for each was most of the
  // time), and at each step of each the active set's columns are read too: they were tests of
  // their own, which walked the same two runs again.
  test('the four-lease walk, and with the membership guard dropped: the active set’s before and after columns fit the screen at every step; dropped, the active rows are as tall as the real script’s at every step, and the mark and its key show at the reply', async ({
    stepper,
    page,
  }) => {
    test.setTimeout(2 * test.info().timeout);
    const rows = stepper.root.locator(ACTIVE);
    const heights = () =>
      atStep(
        page,
        null,
        (root, sel) =>
          [...root.querySelectorAll(sel)].map((r) => Math.round(r.getBoundingClientRect().height)),
        ACTIVE,
      );
    let plain = 0;
    await test.step('the four-lease walk', async () => {
      const last = await openMembers(stepper, 'stepper?preset=default&x=script&k=0');
      await expect(rows.first()).toBeAttached();
      plain = (await heights())[0]!;
      expect.soft(await walkCut(page, last, ACTIVE), 'its columns').toEqual([]);
    });
    await test.step('the four-lease walk with the membership guard dropped', async () => {
      // the run before ended at its last step, so this step 0 is this run's own
      const last = await openMembers(
        stepper,
        'stepper?preset=default&x=script&v=no-membership-guard&k=0',
      );
      await expect(rows.first()).toBeAttached();
      const tall: string[] = [];
      const cut = await walkCut(page, last, ACTIVE, async (k) => {
        for (const h of await heights())
          if (h > plain) tall.push(`step ${k}: a row ${h} px tall, not ${plain}`);
      });
      expect.soft(cut, 'its columns').toEqual([]);
      expect(tall).toEqual([]);
    });
    const marked = stepper.root.locator('[data-active="JOB0KHTR5cWyNf"]');
    await expect(marked).toContainText(P.active.alsoPendingStar);
    const key = stepper.root.getByTestId('also-pending-key');
    await key.evaluate((el) => el.scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    await expectShownWhole('the marked row', marked);
    await expectShownWhole('the mark', marked.getByText(P.active.alsoPendingStar));
    await expectShownWhole('the mark’s key', key);
    await expect(key).toHaveText(P.active.alsoPendingKey);
  });

  test(READ_ONLY_FOUR, readOnlyFourAtOnce);
});

test.describe('on a narrow phone, 360 × 740', () => {
  test.use(NARROW_PHONE);

  test(READ_ONLY_FOUR, readOnlyFourAtOnce);

  // the three walks on one page, each opened by its link after the first (a load for each was
  // most of their time), each in a step named by its walk
  test('the four-lease walk, with the membership guard dropped, and a read-only caller run natively: every column of the members and the active set fits the screen at every step', async ({
    stepper,
    page,
  }) => {
    const walks = [
      ['the four-lease walk', 'stepper?preset=default&x=script&k=0'],
      [
        'the four-lease walk with the membership guard dropped',
        'stepper?preset=default&x=script&v=no-membership-guard&k=0',
      ],
      ['a read-only caller run natively', 'stepper?preset=read-only-caller&x=native&k=0'],
    ] as const;
    test.setTimeout(walks.length * test.info().timeout);
    // each walk ends at its last step, so the next run's step 0 is its own
    for (const [name, hash] of walks)
      await test.step(name, async () => {
        const last = await openMembers(stepper, hash);
        const rows = `${MEMBER}, ${ACTIVE}`;
        await expect(stepper.root.locator(rows).first()).toBeAttached();
        // soft: a walk that fails hides no other's answer
        expect.soft(await walkCut(page, last, rows), name).toEqual([]);
        // nor does the page scroll sideways
        expect
          .soft(
            await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
            `${name}: the page's sideways scroll`,
          )
          .toBe(0);
      });
  });
});
