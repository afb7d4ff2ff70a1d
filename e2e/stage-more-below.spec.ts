import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP_AND_PHONE, restingScrollY } from './fixtures/screens.ts';
import { stageFaults } from './fixtures/stage-layout.ts';
import { atStep } from './fixtures/at-step.ts';
import { holdKey } from './fixtures/stepper-page.ts';
import { hydrated } from './fixtures/reached.ts';

// A what-if says more than the lesson's script (the dropped guard's resurrection, the clock read
// per member with its long note), and a short frame has little room for it. Whatever the stage's
// size, nothing of the stage covers another part of it, and words longer than their box scroll
// inside it under a cue the learner sees (a phone's overlay scrollbars show none), down to the
// last word, without the page moving.

/** A piece of the stage a learner reads or touches, by how the spec finds it. */
const PIECES = [
  ['the title', 'h2'],
  ['the scenario', 'select'],
  ['the executor', '[role=radiogroup]'],
  ['the banner', '[role=note]'],
  ['the narration', '[data-testid=narration]'],
  ['the notes', '[data-testid=run-notes]'],
  ['the tabs', '[role=group][aria-label="The stepper\'s views"]'],
  ['a region', '[data-region]'],
  ['the controls', '[role=group][aria-label="Stepper controls"]'],
  ['the bar', '[role=group][aria-label="Options and tools"]'],
] as const;

/** How a box that scrolls inside tells what it holds (see {@link cueOf}). */
interface Cue {
  /** how many pixels of its words are below what it shows */
  hidden: number;
  /** whether its cue is drawn, inside the box's lower edge */
  cue: boolean;
}

/**
 * Run in the page: how a box that scrolls inside tells what it holds; or, given the stage and
 * test ids, how each of its boxes with those ids does (null for one not found), in one call for
 * a check made at every step of a walk.
 */
function cueOf(box: Element): Cue;
function cueOf(stage: Element, ids: readonly string[]): (Cue | null)[];
function cueOf(target: Element, ids?: readonly string[]): Cue | (Cue | null)[] {
  const one = (box: Element): Cue => {
    const cue = box.querySelector(':scope > [aria-hidden="true"]');
    const drawn = cue ? getComputedStyle(cue, '::after').content : 'none';
    const b = box.getBoundingClientRect();
    const c = cue?.getBoundingClientRect();
    return {
      hidden: Math.max(0, Math.round(box.scrollHeight - box.clientHeight)),
      cue: drawn.includes('more below') && !!c && c.bottom <= b.bottom + 1 && c.top >= b.top,
    };
  };
  if (!ids) return one(target);
  return ids.map((id) => {
    const box = target.querySelector(`[data-testid="${id}"]`);
    return box ? one(box) : null;
  });
}

/** {@link cueOf} of one box, typed for `evaluate` */
const boxCue = cueOf as (box: Element) => Cue;

/** The boxes whose cue each step checks, by name and test id. */
const CUED = [
  ['narration', 'narration'],
  ['notes', 'run-notes'],
] as const;

/**
 * At step `k` of the page's stepper, every box whose words are cut shows its cue, and none shows
 * one needlessly; the cue follows the words within a frame or two (an observer's report), so it
 * is polled. What never agrees is added to `bad`.
 */
async function cuesAgree(page: Page, k: number, bad: string[]) {
  const problems = async () => {
    const out: string[] = [];
    // both boxes in one call into the page
    const cues = await atStep(
      page,
      k,
      cueOf as (stage: Element, ids: readonly string[]) => (Cue | null)[],
      CUED.map(([, id]) => id),
    );
    for (const [i, [what]] of CUED.entries()) {
      if (!cues[i]) {
        out.push(`step ${k}: no ${what}`);
        continue;
      }
      const { hidden, cue } = cues[i];
      // a box with more below shows its cue; the cue's band adds its own height to what scrolls
      if (hidden > 2 && !cue) out.push(`step ${k}: ${hidden} px of the ${what} hide with no cue`);
      if (hidden === 0 && cue) out.push(`step ${k}: the ${what} shows a cue with nothing below`);
    }
    return out;
  };
  try {
    await expect.poll(problems, { timeout: 5_000 }).toEqual([]);
  } catch {
    bad.push(...(await problems()));
  }
}

/**
 * Scrolls a box of words to its end as a learner does (a wheel over it, or a finger), and
 * checks the last of its words then shows whole above the box's edge, the cue gone, and the
 * page where it was.
 */
async function readsToTheEnd(page: Page, box: Locator, what: string) {
  const scrollY = await page.evaluate(restingScrollY);
  expect((await box.evaluate(boxCue)).cue, `${what}: the cue before scrolling`).toBe(true);
  await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight, behavior: 'instant' }));
  await expect
    .poll(() => box.evaluate(boxCue), { message: `${what}: at its end` })
    .toEqual({
      hidden: expect.any(Number),
      cue: false,
    });
  const last = await box.evaluate((el) => {
    const words = [...el.querySelectorAll(':scope > p:not([hidden])')];
    const p = words[words.length - 1]!.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    const hit = document.elementFromPoint(p.left + 20, p.bottom - 4);
    return {
      inside: p.bottom <= b.bottom - parseFloat(getComputedStyle(el).paddingBottom) + 1,
      hit: !!hit && words[words.length - 1]!.contains(hit),
    };
  });
  expect(last, `${what}: its last line shows whole at the end`).toEqual({
    inside: true,
    hit: true,
  });
  expect(await page.evaluate(restingScrollY), `${what}: the page's scroll`).toBe(scrollY);
}

// The embed page in a frame about 520 px tall, the least the stage is made for: the frame is the
// page's window.
for (const [width, height] of [
  [360, 520],
  [768, 520],
  [1280, 520],
] as const) {
  for (const [variant, long] of [
    ['no-membership-guard', null],
    ['clock-per-member', 17],
  ] as const) {
    test(`the ${variant} what-if in a ${width} × ${height} frame: nothing covers anything at any step, and cut words show a cue and read to their end`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto(`/embed/stepper.html#stepper?preset=default&v=${variant}&x=script&k=0`);
      const root = page.locator('[data-stepper]');
      await hydrated(root);
      const counter = root.getByTestId('step-counter');
      // of a run made: one still waiting for the simulator shows step 0 of 0 (a walk of nothing)
      await expect(counter).toHaveText(/^step 0 of [1-9]/);
      const last = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')![1]);
      await root.focus();
      const bad: string[] = [];
      for (let k = 0; k <= last; k++) {
        if (k > 0) await page.keyboard.press('ArrowRight');
        for (const o of await atStep(page, k, stageFaults, PIECES)) bad.push(`step ${k}: ${o}`);
        await cuesAgree(page, k, bad);
      }
      expect(bad).toEqual([]);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      if (long !== null) {
        // the long note, at the step it first shows and where the run has ended
        await page.keyboard.press('Home');
        await holdKey(page, 'ArrowRight', long);
        await expect(counter).toHaveText(new RegExp(`^step ${long} of`));
        await readsToTheEnd(page, root.getByTestId('run-notes'), `step ${long}, the notes`);
      }
    });
  }
}

// The clock read per member adds a paragraph of eight lines and more to a box of two or three
// (161 px hidden on a laptop, with a scrollbar; 293 px on a phone, whose overlay scrollbars show
// nothing): from the step it first shows, the box says there is more, and the learner reads it
// to its end inside the box.
for (const [name, screen] of LAPTOP_AND_PHONE) {
  test.describe(`on ${name}`, () => {
    test.use(screen);

    test('the clock-per-member note shows a cue from step 17 on, and reads to its end in its box', async ({
      stepper,
      page,
    }) => {
      await stepper.goto('stepper?preset=default&v=clock-per-member&k=16');
      await stepper.root.evaluate((el) =>
        el.scrollIntoView({ block: 'start', behavior: 'instant' }),
      );
      await expect(stepper.counter).toHaveText(/^step 16 of (\d+)/);
      const last = Number(/of (\d+)/.exec((await stepper.counter.textContent()) ?? '')![1]);
      const notes = stepper.root.getByTestId('run-notes');
      await stepper.focus();
      const bad: string[] = [];
      for (let k = 17; k <= last; k++) {
        await page.keyboard.press('ArrowRight');
        await cuesAgree(page, k, bad);
        if (k === 17 || k === last) {
          await expect.poll(() => notes.evaluate(boxCue)).toMatchObject({ cue: true });
          await readsToTheEnd(page, notes, `step ${k}, the notes`);
          await notes.evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
        }
      }
      expect(bad).toEqual([]);
    });
  });
}
