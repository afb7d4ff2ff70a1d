import { expect, test } from './fixtures/test.ts';
import { WITHIN_LIMIT } from './fixtures/hostile.ts';
import { stopWhileMade } from './fixtures/stopped-run.ts';
import type { ConsolePage } from './fixtures/console-page.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

/**
 * A `lua=` link marked `limit=1` opens with its script held, not run (e2e/stepper-hostile-link):
 * there is no run to fork, yet the learner can open the stepper's console and poke at the server
 * the run would start from, the scenario's keyspace, which the console says is the server
 * before the script. Run it again and Drop it then move the console onto the run they make.
 */

/** Writes a key of its own, then never ends: its run reaches the step budget. */
const WRITES_THEN_LOOPS = "redis.call('SET', 'written-by-the-link', 'x') while true do end";
/** A held link that asks for the run's last step (k past any run: clamped to it once made). */
const heldLink = (lua: string) =>
  `#stepper?preset=reaped&x=script&k=100000&lua=${Buffer.from(lua).toString('base64url')}&limit=1`;

/** What `KEYS *` answers, as the log prints it (the rows after its echo). */
async function keys(c: ConsolePage): Promise<string> {
  return (await c.answerTo('KEYS *', 30_000)).slice(1).join('\n');
}

/**
 * What the log's first `KEYS *` answered (the rows after its echo, up to the next echo): after a
 * fork, the line replayed from those typed on the held server.
 */
async function replayedKeys(c: ConsolePage): Promise<string> {
  const rows = await c.rows();
  const echo = (row: string) => /^\S+> /.test(row);
  const at = rows.findIndex((row) => echo(row) && row.endsWith('> KEYS *'));
  if (at < 0) return '';
  const next = rows.findIndex((row, i) => i > at && echo(row));
  return rows.slice(at + 1, next < 0 ? undefined : next).join('\n');
}

/**
 * Opens the held link, then the console: it answers on the server before the script. Returns the
 * held notice and what `KEYS *` answered there.
 */
async function openHeldConsole(stepper: StepperPage, c: ConsolePage) {
  await stepper.goto();
  await stepper.follow(heldLink(WRITES_THEN_LOOPS));
  const held = stepper.root.getByTestId('script-held');
  await expect(held).toContainText('Your script was not run');

  await c.details.click();
  await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
  await expect(c.origin).toContainText(
    'step 0, before the link’s script; the link’s script was not run: this is the server before it',
  );
  await c.run('PING', 30_000);
  await expect(c.lastRow('output')).toHaveText('PONG');
  // the scenario's keys, and none the script would write
  const before = await keys(c);
  expect(before).toMatch(/active/);
  expect(before).not.toContain('written-by-the-link');
  // still held: the console ran nothing of the link's
  await expect(held).toBeVisible();
  return { held, before };
}

/**
 * The console forked the run now made, at its step 0 (the lines typed on the held server pin
 * it there), and no longer says the script was not run; `KEYS *` answers there as it did.
 */
async function onTheRunsStepZero(c: ConsolePage, before: string) {
  await expect(c.origin).toContainText(/step 0 of \d+ \(before the run\)/, WITHIN_LIMIT);
  await expect(c.origin).not.toContainText('was not run');
  await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
  // the fork's log replays the lines typed on the held server first: their KEYS * answers as it
  // did there. Waited for whole, so the KEYS * typed next is read on its own (read while the
  // replay's answer was still coming, its rows were taken for the next one's)
  await expect.poll(() => replayedKeys(c), WITHIN_LIMIT).toBe(before);
  expect(await keys(c)).toBe(before);
}

test.describe('the stepper’s console while a link’s script is held', () => {
  test('opens on the server before the script, answers, and moves onto the run once it is made', async ({
    stepper,
    stepperConsole: c,
  }) => {
    const { held, before } = await openHeldConsole(stepper, c);

    // Run it again: the run is made (and reaches its limit); the console forks it, at step 0,
    // where the line typed on the held server replays and answers as it did
    await held.getByRole('button', { name: 'Run it again' }).click();
    await expect(stepper.root).toContainText(
      /the simulator stopped script [0-9a-f]{40} after/,
      WITHIN_LIMIT,
    );
    await onTheRunsStepZero(c, before);
    // the run's last step holds what the script wrote, and the console can stand there too
    await expect(stepper.counter).toHaveText(/step (\d+) of \1/);
    const n = Number(/of (\d+)/.exec((await stepper.counter.textContent()) ?? '')?.[1]);
    await c.resetTo(n);
    await expect(c.origin).toContainText(`step ${n} of ${n} (after the run)`, WITHIN_LIMIT);
    expect(await keys(c)).toContain('written-by-the-link');
  });

  test('Drop it: the console forks the lesson’s run, from the same keyspace', async ({
    stepper,
    stepperConsole: c,
  }) => {
    const { held, before } = await openHeldConsole(stepper, c);

    await held.getByRole('button', { name: 'Drop it (back to the lesson’s script)' }).click();
    await expect(held).toHaveCount(0);
    // the lines typed on the held server replayed at the lesson's run's step 0: the same keys
    await onTheRunsStepZero(c, before);
    await c.run('PING', 30_000);
    await expect(c.lastRow('output')).toHaveText('PONG');
  });

  test('a run the learner stopped keeps nothing: the console opens on the server before the script', async ({
    page,
    stepper,
    stepperConsole: c,
  }) => {
    const lua = Buffer.from(WRITES_THEN_LOOPS).toString('base64url');
    await stopWhileMade(page, stepper, `#stepper?preset=reaped&x=script&k=0&lua=${lua}`);

    await c.details.click();
    await expect(c.log).toContainText('Connected to the simulated', WITHIN_LIMIT);
    await expect(c.origin).toContainText(
      'step 0, before your script; your script did not run to its end, so nothing of it was kept',
    );
    await c.run('PING', 30_000);
    await expect(c.lastRow('output')).toHaveText('PONG');
    const keysThere = await keys(c);
    expect(keysThere).toMatch(/active/);
    expect(keysThere).not.toContain('written-by-the-link');
  });
});
