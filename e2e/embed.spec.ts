import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/course-host.ts';

const counterIn = (root: { getByTestId: (id: string) => import('@playwright/test').Locator }) =>
  root.getByTestId('step-counter');

test.describe('on a course page served from another origin', () => {
  test('each iframe fits its content after load, stepping, and opening and closing the editor', async ({
    course,
    page,
  }) => {
    await course.open();
    await course.expectFitted('frame-stepper');
    const frame = await course.frame('frame-stepper');
    await expect(counterIn(frame.locator('[data-stepper]'))).toHaveText(/step 3 of \d+/);
    await frame.getByRole('button', { name: 'Forward one member', exact: true }).click();
    await course.expectFitted('frame-stepper');
    const before = (await course.heights('frame-stepper')).frame;
    await frame.getByText('Edit the scenario').click();
    await expect(frame.getByLabel('lease_ms')).toBeVisible();
    await course.expectFitted('frame-stepper');
    const open = (await course.heights('frame-stepper')).frame;
    expect(open).toBeGreaterThan(before + 50);
    await frame.getByText('Edit the scenario').click();
    await course.expectFitted('frame-stepper');
    expect((await course.heights('frame-stepper')).frame).toBeLessThan(open - 50);

    await course.frameElement('frame-fates').scrollIntoViewIfNeeded();
    await course.expectFitted('frame-fates');
    expect(course.problems).toEqual([]);
    await page.close();
  });

  test('loading moves neither the host page nor its focus', async ({ course, page }) => {
    await course.open();
    await course.expectFitted('frame-stepper');
    await expect(course.element('element-light').getByTestId('step-counter')).toHaveText(
      /step 5 of/,
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  });

  test('the host hears ready, step and completed with the right k and n', async ({ course }) => {
    await course.open();
    const frame = await course.frame('frame-stepper');
    await expect(counterIn(frame.locator('[data-stepper]'))).toHaveText(/step 3 of (\d+)/);
    const n = Number(
      /of (\d+)/.exec((await counterIn(frame.locator('[data-stepper]')).textContent()) ?? '')![1],
    );
    await frame.getByRole('button', { name: 'Last step', exact: true }).click();
    await expect
      .poll(async () => (await course.messages()).map((m) => m.data.type).filter(Boolean))
      .toEqual(
        expect.arrayContaining(['batch-lease:ready', 'batch-lease:step', 'batch-lease:completed']),
      );
    const mine = (await course.messages()).filter(
      (m) => m.data.widget === 'stepper' && m.data.type,
    );
    expect(mine.every((m) => m.origin === new URL(frame.url()).origin)).toBe(true);
    const steps = mine.filter((m) => m.data.type === 'batch-lease:step');
    expect(steps.map((m) => m.data.k)).toEqual(expect.arrayContaining([3, n]));
    expect(steps.every((m) => m.data.n === n)).toBe(true);
    const completed = mine.filter((m) => m.data.type === 'batch-lease:completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data.n).toBe(n);
    // the LMS shapes are there too, for hosts that resize without our script
    const subjects = new Set(
      (await course.messages()).map((m) => m.data.subject ?? m.data.context),
    );
    expect([...subjects]).toEqual(
      expect.arrayContaining(['lti.frameResize', 'org.imsglobal.lti.frameResize', 'iframe.resize']),
    );
  });

  test('arrow keys step a focused frame and leave an unfocused one alone', async ({
    course,
    page,
  }) => {
    await course.open();
    const frame = await course.frame('frame-stepper');
    const counter = counterIn(frame.locator('[data-stepper]'));
    await expect(counter).toHaveText(/step 3 of/);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(/step 3 of/);
    await frame.locator('[data-stepper]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(/step 4 of/);
    // Tab leaves the widget again: no keyboard trap
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.tagName !== 'IFRAME')) break;
    }
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
  });

  test('two custom elements keep separate state, and the dark one is dark', async ({ course }) => {
    await course.open();
    const light = course.element('element-light');
    const dark = course.element('element-dark');
    await expect(light.getByTestId('step-counter')).toHaveText(/step 5 of/);
    await expect(dark.getByTestId('step-counter')).toHaveText(/step 0 of/);
    // the element tells the page as DOM events, the same messages a frame posts
    await light.evaluate((el) => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      el.addEventListener('batch-lease:step', (e) => w.__events.push((e as CustomEvent).detail));
    });
    await light.getByRole('button', { name: 'Forward one line', exact: true }).click();
    await expect(light.getByTestId('step-counter')).toHaveText(/step 6 of/);
    const events = await light.evaluate(
      () =>
        (
          window as unknown as {
            __events: { k: number; instance: string; verb: { display: string } }[];
          }
        ).__events,
    );
    expect(events.at(-1)).toMatchObject({
      k: 6,
      instance: 'element-light',
      verb: { display: 'experienced' },
    });
    await expect(dark.getByTestId('step-counter')).toHaveText(/step 0 of/);
    const luminance = (el: Element) => {
      const c = getComputedStyle(el.shadowRoot!.querySelector('[data-embed]')!).backgroundColor;
      const [r, g, b] = (c.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).map(Number);
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
    };
    expect(await dark.evaluate(luminance)).toBeLessThan(0.3);
    expect(await light.evaluate(luminance)).toBeGreaterThan(0.7);
    expect(course.problems).toEqual([]);
  });
});

test('the Embed dialog’s iframe snippet, pasted into a blank page, opens at the same step', async ({
  page,
  courseHost,
}) => {
  await page.goto('/');
  const stepper = page.locator('[data-stepper]').first();
  await expect(stepper.getByTestId('step-counter')).toHaveText(/step 0 of/);
  for (let i = 0; i < 7; i++)
    await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
  await expect(stepper.getByTestId('step-counter')).toHaveText(/step 7 of/);
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('k=7');
  await page.getByRole('button', { name: 'Embed', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const snippet = await dialog.getByLabel(/^Iframe/).inputValue();
  expect(snippet).toContain('loading="lazy"');
  expect(snippet).toContain('title="');
  expect(snippet).not.toContain('<script');
  await page.goto(`${courseHost.url}/blank.html`);
  await page.evaluate((html) => {
    document.querySelector('main')!.innerHTML = html;
  }, snippet);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('step-counter')).toHaveText(/step 7 of/);
});

test('a bad embed setting shows a notice and the widget still works', async ({ page }) => {
  await page.goto('/embed/stepper.html?theme=purple&colour=1');
  const notice = page.getByRole('status').filter({ hasText: 'ignored' });
  await expect(notice).toContainText('theme');
  await expect(notice).toContainText('the link said');
  await expect(page.getByTestId('step-counter')).toHaveText(/step 0 of/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the embed pages (${scheme})`, async ({ page }) => {
    // axe's analysis is CPU-bound work, not a wait: give it room on a loaded 2-core machine
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    for (const widget of ['stepper', 'fates']) {
      await page.goto(`/embed/${widget}.html`);
      await expect(page.locator('[data-embed]')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${widget}: ${v.id} — ${v.help}`)).toEqual([]);
    }
  });
}

test('an embed page reads at 320 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const widget of ['stepper', 'fates']) {
    await page.goto(`/embed/${widget}.html`);
    await expect(page.locator('[data-embed]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  }
});
