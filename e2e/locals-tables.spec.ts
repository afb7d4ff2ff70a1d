import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';

// One walk of the default run checks the locals panel as the frame grows (its first locals, the
// loop's, and the last step's), and at the last step the entries of its tables. The names column
// is the run's, not the step's: as wide as the longest name the run ever has in scope ("failed"),
// so the values stand in one place from the first step to the last.
test('every local’s name shows whole, the values start in one column just past the run’s longest name; the panel draws the entries of the failed list and of TIME’s reply', async ({
  stepper,
}) => {
  await stepper.goto('stepper?preset=default&x=script&k=0');
  // the locals tab open: a closed tab's panel is not drawn, so its geometry says nothing
  await stepper.showTab(T.stage.tab.locals);
  await stepper.focus();
  const locals = stepper.root.getByTestId('locals');
  /** At step k: every name whole, in one column as wide as "failed", the values past it. */
  const oneColumn = async (k: number) => {
    await expect(locals.locator('[data-local]').nth(1)).toBeAttached();
    const rows = await locals.evaluate((panel) =>
      [...panel.querySelectorAll(':scope dl > [data-local]')].map((row) => {
        const dt = row.querySelector('dt')!;
        const name = document.createRange();
        name.selectNodeContents(dt);
        const box = dt.getBoundingClientRect();
        return {
          name: dt.textContent,
          width: name.getBoundingClientRect().width,
          left: box.left,
          right: box.right,
          cut: dt.scrollWidth > dt.clientWidth,
          value: row.querySelector('dd')!.getBoundingClientRect().left,
        };
      }),
    );
    // the names are monospace: the run's longest name is six of any name's characters
    const widest = (rows[0]!.width / rows[0]!.name!.length) * 'failed'.length;
    for (const r of rows) {
      const at = `step ${k}, ${r.name}`;
      expect(r.cut, `${at}: cut`).toBe(false);
      // one column of names, as wide as the run's longest name (within a pixel), then the values
      expect(Math.abs(r.right - rows[0]!.right), `${at}: column`).toBeLessThan(1);
      expect(Math.abs(r.right - r.left - widest), `${at}: column width`).toBeLessThan(1);
      expect(Math.abs(r.value - rows[0]!.value), `${at}: value`).toBeLessThan(1);
      expect(r.value, `${at}: value`).toBeGreaterThanOrEqual(r.right);
    }
  };
  // the frame as it grows: its first locals and the loop's, by keys, then the last step's
  for (const k of [3, 14]) {
    while ((await stepper.stepNumber()) < k) await stepper.page.keyboard.press('ArrowRight');
    await oneColumn(k);
  }
  await stepper.last();
  await expect(stepper.counter).toHaveText(/^step 40 of 40/);
  await oneColumn(40);
  // the last step's tables, entry by entry
  const failed = locals.locator('[data-local="failed"]');
  await expect(failed).toContainText('#failed = 3');
  await expect(failed.locator('li[data-key]')).toHaveText([
    '[1] = "JOB0KHTP2xVbQe"',
    '[2] = "JOB0KHTQ8mRsLd"',
    '[3] = "JOB0KHTR5cWyNf"',
  ]);
  const t = locals.locator('[data-local="t"]');
  await expect(t.locator('li[data-key="[2]"]')).toHaveText('[2] = "250000"');
});
