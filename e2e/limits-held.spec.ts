import { expect, test } from './fixtures/test.ts';
import { send, WITHIN_LIMIT } from './fixtures/hostile.ts';
import { holdSimulatorLimits } from './fixtures/limits-held.ts';

/**
 * The hold the tests of Stop, SCRIPT KILL and SHUTDOWN NOSAVE stand on (fixtures/limits-held.ts)
 * must hold in the build under test, whatever names its minifier gave the simulator's stops:
 * a hold that lets the stop go turns those tests into races against the script's 5 s limit,
 * won on an idle machine and lost under load. Before, it matched the stop's class name with
 * word characters only, and the build named it `$l`: no worker was ever held.
 */
test('a held script outlives its own limit: still running, Stop still offered', async ({
  page,
  stepperConsole: c,
}) => {
  const held = await holdSimulatorLimits(page);
  await c.open();
  await send(c, 'EVAL "while true do end" 0');
  const stop = c.stepper.root.getByRole('button', { name: 'Stop (SCRIPT KILL)' });
  await expect(stop).toBeVisible();
  // the script met its time limit or its step budget (whichever came first) and stands there
  await test.step('a worker is held where its limit threw', () => held.first);
  await expect(c.log).not.toContainText('the simulator stopped script');
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(c.log).toContainText('ERR Script killed by user with SCRIPT KILL', WITHIN_LIMIT);
});
