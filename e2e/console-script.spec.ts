import { expect, test } from './fixtures/test.ts';

test('the console runs the learner’s edited script by its sha, as a real server that loaded it would', async ({
  page,
  context,
  stepperConsole: c,
  problems,
}) => {
  // granted here, not by the test's options: the worker's reused context serves it (a test's own
  // options would make it a context of its own)
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await c.stepper.goto('stepper?preset=reaped&x=script&k=0');
  await c.stepper.openScriptEditor();
  await c.stepper.deleteFromScript("redis.call('ZSCORE', KEYS[1], id)");
  await page.keyboard.type('true');
  await c.stepper.runScript();
  await expect(c.stepper.root.getByTestId('own-script')).toBeVisible();
  await c.details.click();
  await expect(c.input).toBeVisible();
  // the greeting names the sha the run's SCRIPT LOAD answered
  const greeting = c.log.locator('[data-kind="note"]').filter({ hasText: 'SCRIPT LOAD left it' });
  await expect(greeting).toContainText(/sha [0-9a-f]{40}/);
  const sha = /sha ([0-9a-f]{40})/.exec((await greeting.textContent()) ?? '')![1]!;
  await c.stepper.root
    .getByRole('button', { name: 'Copy the EVALSHA command for this run' })
    .click();
  await expect(c.stepper.root.getByTestId('run-line-status')).toHaveText(
    'The EVALSHA command for this run was copied.',
  );
  const line = await page.evaluate(() => navigator.clipboard.readText());
  expect(line.startsWith(`EVALSHA ${sha} 2 emq:{q}:active emq:{q}: `)).toBe(true);
  await c.run(line);
  await expect(c.log).not.toContainText('NOSCRIPT');
  // the edit re-scores every live lease; the rows gone or stale are still failed
  await expect(c.lastRow('output')).toContainText(/^\d+\) "JOB|^\(empty array\)/);
  await c.run(`SCRIPT EXISTS ${sha}`);
  await expect(c.lastRow('output')).toHaveText('1) (integer) 1');
  expect(problems.warnings).toEqual([]);
});
