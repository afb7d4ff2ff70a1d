import { expect, test } from './fixtures/test.ts';
import { stepperWords as T } from '../content/stepper.ts';

test('a reload keeps the variant, predict mode and step; "Copy link to this step" shares them', async ({
  page,
  context,
  stepper,
  stepperOn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await stepper.goto();
  await stepper.root.getByLabel('drop the membership guard').check({ force: true });
  await stepper.last();
  await expect(stepper.failedList).toHaveText(/^\[.*\]$/);
  const failedBefore = await stepper.failedList.textContent();
  const stepBefore = await stepper.stepNumber();
  await stepper.root.getByRole('checkbox', { name: /Predict mode/ }).check();
  await expect(page).toHaveURL(/v=no-membership-guard/);
  await expect(page).toHaveURL(/p=1/);

  await page.reload();
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${stepBefore} of`));
  await expect(stepper.root.getByLabel('drop the membership guard')).toBeChecked();
  await expect(stepper.root.getByRole('checkbox', { name: /Predict mode/ })).toBeChecked();
  await expect(stepper.failedList).toHaveText(failedBefore!);

  await stepper.root.getByRole('button', { name: 'Copy link to this step' }).click();
  await expect(stepper.root.getByTestId('copy-link-status')).toHaveText(T.copyLink.copied);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#stepper\?.*v=no-membership-guard.*p=1/);
  const other = await context.newPage();
  const shared = stepperOn(other);
  await other.goto(link);
  await expect(shared.counter).toHaveText(new RegExp(`^step ${stepBefore} of`));
  await expect(shared.root.getByLabel('drop the membership guard')).toBeChecked();
  await expect(shared.failedList).toHaveText(failedBefore!);
});

test('a hand-made link that only asks for predict mode at a step opens the default scenario there, predicting', async ({
  page,
  stepper,
}) => {
  await stepper.goto('stepper?k=3&p=1');
  await expect(stepper.counter).toHaveText(/^step 3 of/);
  await expect(stepper.root.getByRole('checkbox', { name: /Predict mode/ })).toBeChecked();
  await expect(stepper.root.getByRole('region', { name: T.predict.region })).toBeVisible();
  // a reload opens it the same
  await page.reload();
  await expect(stepper.counter).toHaveText(/^step 3 of/);
  await expect(stepper.root.getByRole('checkbox', { name: /Predict mode/ })).toBeChecked();
});
