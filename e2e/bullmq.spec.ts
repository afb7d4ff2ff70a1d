import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import { AXE_TIMEOUT_MS } from './fixtures/axe.ts';

test('BullMQ’s own script steps on the simulated server, beside EchoMQ’s on the same jobs', async ({
  lesson,
}) => {
  await lesson.open();
  const card = lesson.bullmq;
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('BullMQ 6.7.0, MIT licence');
  await card.getByRole('checkbox', { name: 'Compare with EchoMQ' }).check();
  await card.getByRole('button', { name: 'Step BullMQ’s script' }).click();
  await expect(card.getByTestId('bullmq-position')).toHaveText(/^step 0 of \d+$/);
  await card.getByRole('button', { name: 'Step forward' }).click();
  await expect(card.locator('[aria-current="step"][data-line]')).toHaveCount(1);
  await card.getByRole('button', { name: 'Last step' }).click();
  await expect(card.getByTestId('bullmq-reply')).toContainText('"JOB0KHTR5cWyNf"');
  await expect(card.getByTestId('bullmq-keys')).toContainText('30000 ms');
  await expect(card.getByTestId('bullmq-compare')).toContainText(
    'BullMQ extendLocks answers ["JOB0KHTP2xVbQe", "JOB0KHTQ8mRsLd", "JOB0KHTR5cWyNf"]',
  );
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe passes on the stepped BullMQ card in the ${scheme} theme`, async ({ lesson, page }) => {
    test.setTimeout(AXE_TIMEOUT_MS);
    await page.emulateMedia({ colorScheme: scheme });
    await lesson.open();
    const card = lesson.bullmq;
    await card.getByRole('checkbox', { name: 'Compare with EchoMQ' }).check();
    await card.getByRole('button', { name: 'Step BullMQ’s script' }).click();
    await card.getByRole('button', { name: 'Last step' }).click();
    const results = await new AxeBuilder({ page })
      .include('[data-testid="bullmq-stepper"]')
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} — ${v.help}`)).toEqual([]);
  });
}
