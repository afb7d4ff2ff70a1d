import { expect, test } from './fixtures/test.ts';
import { FAULT_MESSAGE, faultWorkerOn } from './fixtures/faulty-worker.ts';

/**
 * The simulator's code fails on a run the stepper asked its worker for (a bug of its own, made
 * here by a worker whose code throws on one command's name: fixtures/faulty-worker.ts): the
 * stepper says that the simulator failed on this run, with what it threw, that it is no answer
 * of Redis's, and what the learner can do. Before, the worker's answer became a plain error and
 * the stepper said the simulator "could not be loaded" and to check the connection, which had
 * nothing to do with it.
 */

/** A learner's script that names the command the faulty worker fails on, as a `lua=` link carries it. */
const SCRIPT = "return redis.call('FAULTY', 'k')";
const link = `stepper?preset=default&x=script&lua=${Buffer.from(SCRIPT).toString('base64url')}`;

test('a run the simulator fails on is told as its fault, with what it threw, and Retry asks for it again', async ({
  page,
  stepper,
}) => {
  await faultWorkerOn(page, 'FAULTY');
  await page.goto(`/#${link}`);
  const alert = stepper.root.getByTestId('simulator-failed');
  await expect(alert).toContainText(
    'The simulator failed on this run: its code stopped with an error',
  );
  await expect(alert).toContainText(FAULT_MESSAGE);
  await expect(alert).toContainText('not an answer a Redis server gives');
  await expect(alert).not.toContainText('could not be loaded');
  await expect(alert).not.toContainText('Check the connection');
  // Retry makes the run again, and the simulator, failing on it again, is told again
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toContainText(FAULT_MESSAGE);
  // the stepper goes on: the lesson's own script runs and steps
  await stepper.openScriptEditor();
  await stepper.resetScript();
  await expect(alert).toHaveCount(0);
  await expect(stepper.counter).toHaveText(/step \d+ of \d+/);
});
