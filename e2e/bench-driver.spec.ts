import { openRun } from '../bench/lib/open-run.mjs';
import { walkStage } from '../bench/lib/drive-stage.mjs';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP } from './fixtures/screens.ts';
import { expectShownWhole } from './fixtures/shown-whole.ts';

// The bench measures a step's paint on the stage a learner who steps sees: its drivers open the
// run with the stage on screen (the lesson puts it below its introduction, out of a 900 px
// window), and their walk steps it there without moving the page.

test.use(LAPTOP);

test('the bench opens a run with the stage on screen, and steps it there', async ({
  page,
  stepper,
}) => {
  await openRun(page, '/', 2);
  const box = (await stepper.root.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(LAPTOP.viewport.height);
  await expectShownWhole(
    'the forward button',
    stepper.root.getByRole('button', { name: 'Forward one line' }),
  );
  await expectShownWhole('the narration', stepper.narration);
  const at = await page.evaluate(() => window.scrollY);
  const times = await walkStage(page, { mode: 'step', count: 3 });
  expect(times).toHaveLength(3);
  await expect(stepper.counter).toHaveText(/^step 3 of/);
  expect(await page.evaluate(() => window.scrollY)).toBe(at);
});
