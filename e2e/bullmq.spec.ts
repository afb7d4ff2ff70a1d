import { expect, test } from './fixtures/test.ts';
import { AXE_TIMEOUT_MS, PageAxe } from './fixtures/axe.ts';
import { inEitherTheme, SCHEMES } from './fixtures/themes.ts';

// One walk of the BullMQ card: what is sent, the lock's renewal step by step, back to the first
// step, then forward to the reply, and axe on the stepped card in either theme.
test('BullMQ’s own script steps on the simulated server, beside EchoMQ’s on the same jobs; the lock’s time to live changes at the step that renews it, and the packed ids read as strings; axe passes on the stepped card in either theme', async ({
  lesson,
  page,
}) => {
  test.setTimeout(SCHEMES.length * AXE_TIMEOUT_MS);
  await lesson.open();
  const card = lesson.bullmq;
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('BullMQ 6.7.0, MIT licence');
  await card.getByRole('checkbox', { name: 'Compare with EchoMQ' }).check();
  await card.getByRole('button', { name: 'Step BullMQ’s script' }).click();
  const position = card.getByTestId('bullmq-position');
  await expect(position).toHaveText(/^step 0 of \d+$/);
  const sent = card.getByTestId('bullmq-sent');
  await expect(sent.getByRole('row', { name: /^ARGV\[3\]/ })).toContainText(
    '4 strings: ["JOB0KHTOWnGLuA", "JOB0KHTP2xVbQe", "JOB0KHTQ8mRsLd", "JOB0KHTR5cWyNf"]',
  );
  await expect(sent.getByRole('row', { name: /^ARGV\[2\]/ })).toContainText('\\x94\\xa11');
  // one step forward, seen done before anything is read again
  const forward = async () => {
    const k = Number(/^step (\d+)/.exec((await position.textContent()) ?? '')![1]);
    await card.getByRole('button', { name: 'Step forward' }).click();
    await expect(position).toHaveText(new RegExp(`^step ${k + 1} of`));
  };
  const lock = card
    .getByTestId('bullmq-keys')
    .getByRole('row', { name: /^bull:q:JOB0KHTOWnGLuA:lock / });
  const stalled = card.getByTestId('bullmq-keys').getByRole('row', { name: /^bull:q:stalled / });
  await expect(lock).toContainText('4000 ms');
  // step until the SET … PX call shows: the same step shows the lock's new time to live
  const calls = card.getByTestId('calls');
  while (!(await calls.textContent())?.includes('SET bull:q:JOB0KHTOWnGLuA:lock')) {
    await expect(lock).toContainText('4000 ms');
    await forward();
  }
  await expect(calls).toContainText('SET bull:q:JOB0KHTOWnGLuA:lock 1 PX 30000 → OK');
  await expect(lock).toContainText('30000 ms');
  await expect(stalled).toContainText('JOB0KHTOWnGLuA');
  // the next call takes it out of stalled
  while (!(await calls.textContent())?.includes('SREM')) await forward();
  await expect(stalled).not.toContainText('JOB0KHTOWnGLuA');
  // and stepping back puts the lease's old time to live back
  await card.getByRole('button', { name: 'First step' }).click();
  await expect(lock).toContainText('4000 ms');
  const compare = card.getByTestId('bullmq-compare');
  await expect(compare.getByRole('row', { name: /^JOB0KHTOWnGLuA/ })).toContainText(
    'extendedextended',
  );

  // from the first step: one step lights one line; the last shows the reply beside EchoMQ's
  await card.getByRole('button', { name: 'Step forward' }).click();
  await expect(card.locator('[aria-current="step"][data-line]')).toHaveCount(1);
  await card.getByRole('button', { name: 'Last step' }).click();
  await expect(card.getByTestId('bullmq-reply')).toContainText('"JOB0KHTR5cWyNf"');
  await expect(card.getByTestId('bullmq-keys')).toContainText('30000 ms');
  await expect(compare).toContainText(
    'BullMQ extendLocks answers ["JOB0KHTP2xVbQe", "JOB0KHTQ8mRsLd", "JOB0KHTR5cWyNf"]',
  );
  // each theme with the card as it is, never stepped twice (fixtures/themes.ts)
  await inEitherTheme(page, async (scheme) => {
    const results = await new PageAxe({ page })
      .include('[data-testid="bullmq-stepper"]')
      .inScheme(scheme)
      .analyze();
    expect(
      results.violations.map((v) => `${scheme} · ${v.id}: ${v.nodes.length} — ${v.help}`),
    ).toEqual([]);
  });
});
