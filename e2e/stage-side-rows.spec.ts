import type { Locator } from '@playwright/test';
import { pageWords as W } from '../content/page.ts';
import { stepperWords as T } from '../content/stepper.ts';
import { consoleWords as C } from '../content/console.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP, NARROW_PHONE } from './fixtures/screens.ts';
import type { ConsolePage } from './fixtures/console-page.ts';

// On a phone's stage three rows of controls keep one line each and scroll sideways: the tabs,
// the bar (what if, predict, the step's link, compare, the editors, the console) and, in the
// console's drawer, its buttons. A phone's overlay scrollbars show nothing until touched, so at
// 360 px the bar showed "What if · the real script · drop the membe" and nothing told the
// learner that six tools, the console among them, lay beyond its edge; the console's row ended
// at "Copy as redis-cli comm". Seen 2026-12-07. Each row now shows a cue, "more ▸", over its end
// edge while a control lies beyond it: pressing the cue brings the rest into view, and Tab
// brings each control into view clear of the cue.

/** The interactive controls of a row, as a learner reaches them. */
const CONTROLS = 'button, select, input, a[href]';

/** A control of a row as the learner sees it. */
interface Shown {
  name: string;
  /** inside the row's box, and uncovered at its middle and at both ends */
  whole: boolean;
  focused: boolean;
}

/**
 * Run in the page on a row: once its scroll has rested (three frames without moving), each
 * control's words, whether it shows whole (inside the row's box, and uncovered at its middle and
 * at both ends: the cue over the end edge covers what is under it) and whether it has the focus.
 */
function controlsShown(row: Element, controls: string): Promise<Shown[]> {
  const read = () => {
    const box = row.getBoundingClientRect();
    const left = box.left + row.clientLeft;
    const right = left + row.clientWidth;
    return [...row.querySelectorAll(controls)].map((control) => {
      // an input in a label is seen as the label (a what-if's radio is hidden, drawn by it)
      const label = control.closest('label');
      const el = label ?? control;
      const r = el.getBoundingClientRect();
      // an input is named by its label's words
      const words = control.getAttribute('aria-label') ?? (label ?? control).textContent;
      const name = (words ?? '').trim().slice(0, 40);
      const inside = r.width > 0 && r.left >= left - 1 && r.right <= right + 1;
      const y = (r.top + r.bottom) / 2;
      const hits = [r.left + 2, (r.left + r.right) / 2, r.right - 2].map((x) =>
        document.elementFromPoint(x, y),
      );
      const uncovered = hits.every((hit) => hit !== null && (hit === el || el.contains(hit)));
      return { name, whole: inside && uncovered, focused: control === document.activeElement };
    });
  };
  return new Promise((resolve) => {
    let still = 0;
    let last = row.scrollLeft;
    const tick = () => {
      still = row.scrollLeft === last ? still + 1 : 0;
      last = row.scrollLeft;
      if (still >= 3) resolve(read());
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** The cue of a row: its frame's element after the row. */
function cueOf(row: Locator): Locator {
  return row.locator('xpath=following-sibling::*[1]');
}

/**
 * The stage's three sideways rows on a phone, each as it shows: the console's buttons in its
 * drawer, then the tabs and the bar once the drawer is closed (it stands in the tabs' place).
 */
async function* phoneRows(c: ConsolePage): AsyncGenerator<[string, Locator]> {
  await c.open();
  const root = c.stepper.root;
  yield [
    'the console’s buttons',
    c.drawer.getByRole('button', { name: /^Reset to step/ }).locator('..'),
  ];
  await c.drawer.getByRole('button', { name: T.stage.close }).click();
  await expect(c.drawer).toBeHidden();
  yield ['the tabs', root.getByRole('group', { name: T.stage.tabs }).filter({ visible: true })];
  yield ['the bar', root.getByRole('group', { name: T.stage.bar })];
}

test.describe('a row of controls that scrolls sideways on a phone', () => {
  test.use(NARROW_PHONE);

  test('says "more ▸" while a control lies beyond its edge, and pressing it brings each into view', async ({
    stepperConsole: c,
  }) => {
    for await (const [what, row] of phoneRows(c)) {
      const cue = cueOf(row);
      await row.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
      await expect(cue, `${what}: the cue shows at the row's start`).toBeVisible();
      await expect(cue).toHaveAttribute('data-label', W.sideRow.more);
      // the cue stands beside the row, at its end edge
      const [rowBox, cueBox] = [await row.boundingBox(), await cue.boundingBox()];
      expect(Math.abs(rowBox!.x + rowBox!.width - cueBox!.x), what).toBeLessThan(2);
      const first = await row.evaluate(controlsShown, CONTROLS);
      expect(
        first.some((s) => !s.whole),
        `${what}: something lies beyond the edge`,
      ).toBe(true);
      const seen = new Set(first.filter((s) => s.whole).map((s) => s.name));
      // each press brings at least one more control whole into view, until the cue goes (polled:
      // the row scrolls smoothly, and a busy machine may start the scroll a few frames late)
      for (let press = 0; (await cue.isVisible()) && press < 12; press++) {
        await cue.tap();
        let now: Shown[] = [];
        await expect
          .poll(
            async () => {
              now = await row.evaluate(controlsShown, CONTROLS);
              return now.filter((s) => s.whole && !seen.has(s.name)).length;
            },
            { message: `${what}: press ${press + 1} shows a control it hid` },
          )
          .toBeGreaterThan(0);
        for (const s of now.filter((s) => s.whole)) seen.add(s.name);
      }
      await expect(cue, `${what}: the cue goes once the row's end shows`).toBeHidden();
      expect([...seen].sort(), `${what}: every control was shown whole`).toEqual(
        first.map((s) => s.name).sort(),
      );
    }
  });

  test('Tab brings each control of the row into view clear of the cue', async ({
    page,
    stepperConsole: c,
  }) => {
    for await (const [what, row] of phoneRows(c)) {
      await row.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
      await row.locator(CONTROLS).first().focus();
      const names: string[] = [];
      for (let k = 0; k < 20; k++) {
        const focused = (await row.evaluate(controlsShown, CONTROLS)).find((s) => s.focused);
        if (!focused) break;
        names.push(focused.name);
        expect(focused, `${what}: the focused control shows whole, not under the cue`).toEqual({
          name: focused.name,
          whole: true,
          focused: true,
        });
        await page.keyboard.press('Tab');
      }
      // Tab went along the row to its last control
      const all = await row.evaluate(controlsShown, CONTROLS);
      expect(names.length, what).toBeGreaterThan(2);
      const last = all[all.length - 1]!.name;
      expect(names, what).toContain(last);
    }
  });
});

test.describe('on a laptop', () => {
  test.use(LAPTOP);

  test('the bar and the console’s buttons wrap, and no cue shows', async ({
    stepperConsole: c,
  }) => {
    await c.open();
    const bar = c.stepper.root.getByRole('group', { name: T.stage.bar });
    const buttons = c.drawer.getByRole('button', { name: /^Reset to step/ }).locator('..');
    await expect(cueOf(bar)).toBeHidden();
    await expect(cueOf(buttons)).toBeHidden();
    // the bar wraps: every control shows whole without a scroll
    const shown = await bar.evaluate(controlsShown, CONTROLS);
    expect(shown.filter((s) => !s.whole)).toEqual([]);
    // a label a phone cuts to its start reads whole here, one run of words as the content has
    // it: its two parts stood apart as two items of predict mode's flex row ("Predict mode
    // : pick each…", seen 2026-12-08), which the rendered text reads as two lines
    const read = (control: Locator) => control.evaluate((el) => (el as HTMLElement).innerText);
    expect(await read(bar.locator('label', { hasText: T.phoneHeads.predictMode }))).toBe(
      T.predictMode,
    );
    expect(await read(bar.getByRole('button', { name: T.drawers.compare }))).toBe(
      T.drawers.compare,
    );
    expect(await read(bar.getByRole('button', { name: C.summary }))).toBe(C.summary);
    expect(await read(c.drawer.getByRole('button', { name: C.runLine.button }))).toBe(
      C.runLine.button,
    );
  });
});
