import { expect, test } from './fixtures/test.ts';

test('the locals panel draws the entries of the failed list and of TIME’s reply in the browser', async ({
  stepper,
}) => {
  await stepper.goto('stepper?preset=default&x=script&k=0');
  await stepper.last();
  const failed = stepper.root.getByTestId('locals').locator('[data-local="failed"]');
  await expect(failed).toContainText('#failed = 3');
  await expect(failed.locator('li[data-key]')).toHaveText([
    '[1] = "JOB0KHTP2xVbQe"',
    '[2] = "JOB0KHTQ8mRsLd"',
    '[3] = "JOB0KHTR5cWyNf"',
  ]);
  const t = stepper.root.getByTestId('locals').locator('[data-local="t"]');
  await expect(t.locator('li[data-key="[2]"]')).toHaveText('[2] = "250000"');
});
