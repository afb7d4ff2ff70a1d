import fc from 'fast-check';
import { runnerImport } from 'vite';
import type { SharedState } from '../src/scenario/codec.ts';
import { expect, test } from './fixtures/test.ts';
import { stepperWords as T } from '../content/stepper.ts';

// the scenario modules import the simulator, whose listings only Vite can load: take them
// through Vite, as the bench does
const load = async <T>(path: string) =>
  (await runnerImport<T>(path, { root: process.cwd(), logLevel: 'error' })).module;
const { SHARE_CAPS } = await load<typeof import('../src/scenario/caps.ts')>('src/scenario/caps.ts');
const { DEFAULT_SPEED, decodeHash, encodeHash } =
  await load<typeof import('../src/scenario/codec.ts')>('src/scenario/codec.ts');
const { defaultScenario } =
  await load<typeof import('../src/scenario/presets.ts')>('src/scenario/presets.ts');
const { shareHash } =
  await load<typeof import('../src/scenario/share.ts')>('src/scenario/share.ts');
const { shareableScenarioArb } = await load<
  typeof import('../src/scenario/shareable.test-helper.ts')
>('src/scenario/shareable.test-helper.ts');

// Whatever the app writes, it can read back: generated scenarios up to the caps go through the
// real URL of the real page, which reads them, and the hash it writes after a step is decoded
// again here and must name the same scenario.
test('scenarios up to the caps round-trip through the URL in the browser', async ({
  page,
  stepper,
}) => {
  test.setTimeout(240_000);
  await stepper.goto();
  const samples = fc.sample(
    fc.oneof(shareableScenarioArb(), shareableScenarioArb(SHARE_CAPS.pairs, 'max')),
    { seed: 15, numRuns: 16 },
  );
  for (const [n, scenario] of samples.entries()) {
    const state: SharedState = {
      scenario,
      executor: n % 2 ? 'native' : 'script',
      step: 0,
      compare: false,
      // the rest of what a link carries, at the stepper's opening values
      variant: 'real',
      predict: false,
      picks: {},
      speed: DEFAULT_SPEED,
    };
    const shared = shareHash('stepper', state);
    expect(shared.ok, `sample ${n}`).toBe(true);
    if (!shared.ok) continue;
    await stepper.follow(shared.hash);
    await expect(stepper.root.getByRole('alert')).toHaveCount(0);
    await expect(
      stepper.root.locator('[data-testid=step-counter], [data-testid=native-unavailable]'),
    ).toBeVisible();
    const read = decodeHash(await page.evaluate(() => location.hash), 'stepper');
    expect(read?.state?.scenario, `sample ${n} read back`).toEqual(scenario);
    // the app's own write: one step on, the same scenario at the new step
    const forward = stepper.root.getByRole('button', { name: 'Forward one line' });
    if ((await forward.count()) > 0 && (await forward.isEnabled())) {
      await forward.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('&k=1');
      const written = decodeHash(await page.evaluate(() => location.hash), 'stepper');
      expect(written?.state, `sample ${n} as the app wrote it`).toEqual({ ...state, step: 1 });
    }
  }
});

test('a scenario past the cap keeps running and says it is too large to share', async ({
  page,
  stepper,
}) => {
  await stepper.goto();
  await stepper.root.getByText(/^Edit the scenario/).click();
  await expect(stepper.root.getByTestId('pair-cap')).toContainText(
    `up to ${SHARE_CAPS.pairs} pairs`,
  );
  for (let i = 0; i < 2; i++)
    await stepper.root.getByRole('button', { name: 'Add 100 pairs' }).click();
  await expect(stepper.root.getByTestId('pair-cap')).toContainText('too large to share as a link');
  await stepper.root.getByRole('button', { name: 'Run this scenario' }).click();
  await expect(stepper.root.getByTestId('too-large')).toContainText(
    'This scenario is too large to share as a link (it holds 204 pairs',
  );
  await expect(stepper.counter).toHaveText(/^step 0 of/);
  await stepper.forwardMember();
  await expect(stepper.counter).not.toHaveText(/^step 0 of/);
  // no stale link is left behind, and nothing the reader would refuse is written
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#stepper');
});

test('a refused link is reported in the lesson’s words, its text only briefly quoted', async ({
  stepper,
}) => {
  const hostile = 'Session-expired.Re-enter-your-course-password-at-https://evil.example/login';
  const base = defaultScenario();
  const id = `${hostile}${'x'.repeat(300)}`;
  const scenario = {
    ...base,
    held: [{ id, token: 1 }, ...base.held.slice(1)],
    jobs: [{ ...base.jobs[0]!, id }, ...base.jobs.slice(1)],
  };
  const hash = encodeHash('stepper', { scenario, executor: 'script', step: 0, compare: false });
  await stepper.goto(hash.slice(1));
  const alert = stepper.root.getByRole('alert');
  await expect(alert).toContainText(
    'The stepper state in this link could not be read (a job id breaks the id rule); showing the default scenario instead.',
  );
  await expect(alert).toContainText(T.alerts.linkSaid);
  const quoted = alert.locator('q');
  expect(((await quoted.textContent()) ?? '').length).toBeLessThanOrEqual(33);
  await expect(alert).not.toContainText('evil.example');
  await expect(alert).not.toContainText('password-at-http');
  await expect(alert.locator('a')).toHaveCount(0);
});
