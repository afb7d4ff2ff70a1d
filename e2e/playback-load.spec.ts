import { runBigScenario } from '../bench/lib/big-scenario.mjs';
import { expect, test } from './fixtures/test.ts';

// Playing 10,000 pairs at the top speed once froze the page (a 1.95 MB hash written per step).
// The bench measures the long tasks and the heap; this test holds the page to what caused the
// freeze, no URL write (and so no favicon fetch) while playing, and to answering: the run moves
// on and the Pause click lands. It times nothing, so a busy machine cannot fail it.
test('10,000 pairs at the top speed keep the page responsive', async ({ page, stepper }) => {
  test.setTimeout(300_000);
  await stepper.goto();
  await runBigScenario(page, 10_000);
  await expect(stepper.root.getByTestId('too-large')).toBeVisible();

  const icons: string[] = [];
  page.on('request', (r) => {
    if (/favicon/.test(r.url())) icons.push(r.url());
  });
  const hashBefore = await page.evaluate(() => location.hash);
  await stepper.root.getByLabel('speed').selectOption('120');
  await stepper.root.getByRole('button', { name: 'Play' }).click();
  const start = await stepper.stepNumber();
  // the page answers while it plays: the run moves on, and the Pause click lands
  await expect
    .poll(async () => (await stepper.stepNumber()) - start, { timeout: 60_000 })
    .toBeGreaterThan(200);
  expect(await page.evaluate(() => location.hash)).toBe(hashBefore);
  await stepper.root.getByRole('button', { name: 'Pause' }).click();
  await expect(stepper.root.getByRole('button', { name: 'Play' })).toBeVisible();
  expect(icons).toEqual([]);
});
