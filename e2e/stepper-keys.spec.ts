import { expect, test } from './fixtures/test.ts';

test('the keys keep working after a click on a control, in chromium', async ({ page, stepper }) => {
  await stepper.goto();
  await stepper.forwardLine();
  await expect(stepper.counter).toHaveText(/^step 1 of/);
  await page.keyboard.press('ArrowRight');
  await expect(stepper.counter).toHaveText(/^step 2 of/);
  await page.keyboard.press('Shift+ArrowRight');
  const afterMember = await stepper.stepNumber();
  expect(afterMember).toBeGreaterThan(2);
  await page.keyboard.press('Home');
  await expect(stepper.counter).toHaveText(/^step 0 of/);
  // Space plays; it does not press the focused "line ›" button again
  await page.keyboard.press(' ');
  await expect(stepper.root.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(stepper.root.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});
