import { expect, test } from './fixtures/test.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { stepperWords as T } from '../content/stepper.ts';

// The editor's promise, "Nothing you typed is lost", in the built page: an unapplied lease of
// 12345 survives everything that used to put 30000 back under that line.
test.describe('unapplied editor edits', () => {
  const open = async (stepper: StepperPage) => {
    await stepper.root.getByText(/^Edit the scenario/).click();
    return stepper.root.getByLabel('lease_ms');
  };
  const typeLease = async (stepper: StepperPage) => {
    const lease = await open(stepper);
    await lease.fill('12345');
    return lease;
  };

  test('survive closing and reopening the editor', async ({ stepper }) => {
    await stepper.goto();
    await typeLease(stepper);
    await stepper.root.getByText(/^Edit the scenario/).click();
    await expect(
      stepper.root.getByText(`${T.drawers.scenario}${T.drawers.unappliedKept}`),
    ).toBeVisible();
    await expect(await open(stepper)).toHaveValue('12345');
    await expect(stepper.root.getByText('Nothing you typed is lost')).toHaveCount(0);
  });

  test('survive a preset change, with the choice to discard them', async ({ stepper }) => {
    await stepper.goto();
    const lease = await typeLease(stepper);
    await stepper.root.getByLabel('Scenario').selectOption('reaped');
    await expect(stepper.root.getByTestId('draft-kept')).toContainText('now runs another scenario');
    await expect(lease).toHaveValue('12345');
    await stepper.root.getByRole('button', { name: 'Discard my edits' }).click();
    await expect(lease).toHaveValue('30000');
  });

  test('survive a hash change and a reload', async ({ page, stepper }) => {
    await stepper.goto();
    const lease = await typeLease(stepper);
    await stepper.follow('#stepper?preset=all-live&x=script&k=0');
    await expect(stepper.root.getByLabel('Scenario')).toHaveValue('all-live');
    await expect(lease).toHaveValue('12345');
    await page.reload();
    await expect(stepper.counter).toHaveText(/^step 0 of/);
    await expect(stepper.root.getByLabel('Scenario')).toHaveValue('all-live');
    await expect(await open(stepper)).toHaveValue('12345');
    // run them: the draft is spent, and the stepper runs what was typed
    await stepper.root.getByRole('button', { name: 'Run this scenario' }).click();
    await expect(stepper.root.getByLabel('Scenario')).toHaveValue('custom');
    await expect(stepper.root.getByTestId('draft-kept')).toHaveCount(0);
    await expect(stepper.root.getByLabel('lease_ms')).toHaveValue('12345');
  });
});
