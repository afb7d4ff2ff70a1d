import { stepperWords as T } from '../content/stepper.ts';
import { VARIANTS } from '../src/vocabulary/index.ts';
import { expect, test } from './fixtures/test.ts';
import { NARROW_PHONE, PHONE } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { readWhole } from './fixtures/shown-whole.ts';
import { atStep } from './fixtures/at-step.ts';

// A what-if on a phone (360 × 740 and 390 × 844): under its eleven lines of narration, its notes
// and its banner, the state region still reads. On the Members tab, at every step of each
// what-if, the four members and their verdicts show whole at once (hit-tested) in the region as
// it opens; scrolled inside the region alone (the page stays put) to the active set, its rows
// and the pending list show whole at once. The step controls stand where the thumb is: the
// seven buttons on one row and the timeline, the counter and the speed on one more, at the
// bottom of the window.

const STATE = '[data-region="state"]';
const MEMBERS = [`${STATE} [data-member]`, `${STATE} [data-member] [data-verdict]`];
const ACTIVE = [`${STATE} [data-active]`, `${STATE} [data-testid="pending-list"]`];

/** Scrolls the state region alone so its top is at `selector`'s top (0: the region's start). */
function scrollRegionTo(stepper: StepperPage, selector: string | null) {
  return atStep(
    stepper.page,
    null,
    (root, [state, sel]) => {
      const region = root.querySelector(state)!;
      const target = sel === null ? null : region.querySelector(sel);
      region.scrollTop = target
        ? target.getBoundingClientRect().top - region.getBoundingClientRect().top + region.scrollTop
        : 0;
    },
    [STATE, selector] as const,
  );
}

/**
 * What of `selectors` does not show whole at step k (waited for on the counter; each must find
 * something).
 */
async function cutOf(stepper: StepperPage, k: number, selectors: string[], where: string) {
  const cut: string[] = [];
  const { whole } = await readWhole(stepper.page, k, { whole: selectors });
  whole.forEach((found, i) => {
    if (found.length === 0) cut.push(`step ${k}: nothing is ${selectors[i]}`);
    for (const { why, text } of found)
      if (why) cut.push(`step ${k}, ${where}: ${selectors[i]} ${why}: ${text.slice(0, 50)}`);
  });
  return cut;
}

/** Where the controls stand: each row's top, and the window's height. */
function controlRows(stepper: StepperPage) {
  return stepper.root.evaluate((root) => {
    const top = (el: Element | null) => (el ? Math.round(el.getBoundingClientRect().top) : -1);
    const bottom = (el: Element | null) =>
      el ? Math.round(el.getBoundingClientRect().bottom) : -1;
    const buttons = [...root.querySelectorAll('[class*="_controls_"] > [class*="_row_"] > button')];
    const scrubber = root.querySelector('[class*="_controls_"] input[type="range"]');
    const speed = root.querySelector('[class*="_controls_"] select[class*="_speed_"]');
    return {
      buttons: [...new Set(buttons.map(top))],
      count: buttons.length,
      // the timeline's row: the scrubber's middle within the speed's box
      speedOnTimelineRow:
        !!scrubber &&
        !!speed &&
        (scrubber.getBoundingClientRect().top + scrubber.getBoundingClientRect().bottom) / 2 >
          speed.getBoundingClientRect().top &&
        (scrubber.getBoundingClientRect().top + scrubber.getBoundingClientRect().bottom) / 2 <
          speed.getBoundingClientRect().bottom,
      lowest: Math.max(bottom(scrubber), bottom(speed), ...buttons.map(bottom)),
      highest: Math.min(...buttons.map(top)),
      height: window.innerHeight,
    };
  });
}

for (const [name, screen] of [
  ['a narrow phone, 360 × 740', NARROW_PHONE],
  ['a phone, 390 × 844', PHONE],
] as const)
  test.describe(`on ${name}`, () => {
    test.use(screen);
    // Both what-ifs on one page, the second opened by its link (a load for each was most of
    // the time), each in a step named by it; its checks of the walk are soft, so the first's
    // failure hides not the second's answer. The first ends at its last step, so the second's
    // step 0 is its own.
    const whatIfs = VARIANTS.filter((v) => v !== 'real');
    test(`the what-ifs ${whatIfs.join(' and ')}: the members, the active set and pending read whole in the state region at every step, and the step controls stand on two rows at the window's foot`, async ({
      stepper,
      page,
    }) => {
      test.setTimeout(whatIfs.length * test.info().timeout);
      for (const variant of whatIfs)
        await test.step(`the what-if ${variant}`, async () => {
          await stepper.goto(`stepper?preset=default&x=script&v=${variant}&k=0`);
          // a what-if opened by its link shows its step 0 once the page has read the link, and a
          // run still waiting for the simulator has no steps yet
          await expect(stepper.counter).toHaveText(/^step 0 of [1-9]/);
          await stepper.root.evaluate((el) =>
            el.scrollIntoView({ block: 'start', behavior: 'instant' }),
          );
          await stepper.showTab(T.stage.tab.state);
          await stepper.focus();
          const last = Number(
            /^step 0 of (\d+)/.exec((await stepper.counter.textContent()) ?? '')![1],
          );
          const scrollY = await page.evaluate(() => window.scrollY);
          const cut: string[] = [];
          for (let k = 0; k <= last; k++) {
            if (k > 0) await page.keyboard.press('ArrowRight');
            cut.push(...(await cutOf(stepper, k, MEMBERS, 'the region as it opens')));
            await scrollRegionTo(stepper, `${STATE} table:has([data-active])`);
            cut.push(...(await cutOf(stepper, k, ACTIVE, 'scrolled to the active set')));
            await scrollRegionTo(stepper, null);
          }
          expect.soft(cut, variant).toEqual([]);
          expect
            .soft(await page.evaluate(() => window.scrollY), `${variant}: the page stays put`)
            .toBe(scrollY);
          const rows = await controlRows(stepper);
          expect(rows.count, 'the seven step buttons').toBe(7);
          expect(rows.buttons, 'the step buttons stand on one row').toHaveLength(1);
          expect(rows.speedOnTimelineRow, 'the speed stands on the timeline’s row').toBe(true);
          // the thumb's reach: the controls fill the window's foot, under its last fifth
          expect(rows.lowest).toBeLessThanOrEqual(rows.height);
          expect(rows.highest).toBeGreaterThan(rows.height * 0.8);
        });
    });
  });
