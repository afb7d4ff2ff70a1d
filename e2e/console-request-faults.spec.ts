import { expect, test } from './fixtures/test.ts';
import { FAULT_MESSAGE, faultWorkerOn } from './fixtures/faulty-worker.ts';
import { send, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { holdSimulatorLimits } from './fixtures/limits-held.ts';

/**
 * The simulator's code fails on a request of the console's that is not one of its own lines
 * (a bug of its own, made here by a worker whose code throws on one command's name:
 * fixtures/faulty-worker.ts): every request is answered all the same, so the console never
 * waits for ever, and the log says what failed, truthfully. Before, such a fault went
 * unanswered: a fork the simulator failed on left the console without a greeting, and the
 * next line ran for ever; a line typed while a script ran was never answered.
 */

test('the simulator fails as it starts the console’s server: the log says so, and a line sent is answered and kept', async ({
  page,
  stepperConsole: c,
}) => {
  // the fork makes its read-only user with ACL SETUSER
  await faultWorkerOn(page, 'ACL');
  await c.openBeforeWorker();
  await expect(c.log).toContainText(
    "The simulator failed as it started the console's server: its code stopped with an error",
    WITHIN_LIMIT,
  );
  await expect(c.log).toContainText(FAULT_MESSAGE);
  await send(c, 'PING');
  await expect(c.log).toContainText(
    "This line was not run: the console's server did not start",
    WITHIN_LIMIT,
  );
  // the line is not lost: it stays in the input
  await expect(c.input).toHaveValue('PING');
  await expect(c.stop).toHaveCount(0);
});

test('the simulator fails on a line typed while a script runs: the line is answered with the fault, and the script runs on until Stop', async ({
  page,
  stepperConsole: c,
}) => {
  // Stop decides, not the machine's speed: the script's limits cannot end it first
  await holdSimulatorLimits(page);
  await faultWorkerOn(page, 'FAULTY');
  await c.open();
  await send(c, 'EVAL "while true do end" 0');
  await expect(c.stop).toBeVisible();
  await send(c, 'FAULTY k');
  await expect(c.log).toContainText(
    'The simulator failed on this line: its code stopped with an error',
    WITHIN_LIMIT,
  );
  await expect(c.log).toContainText(FAULT_MESSAGE);
  await expect(c.log).toContainText('The line running goes on.');
  // the script ran on meanwhile: the kill ends it
  await c.stop.click();
  await expect(c.log).toContainText(
    /\(error\) ERR Script killed by user with SCRIPT KILL/,
    WITHIN_LIMIT,
  );
});
