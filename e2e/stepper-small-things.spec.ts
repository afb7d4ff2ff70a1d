import { expect, test } from './fixtures/test.ts';
import { stepperWords as T } from '../content/stepper.ts';

/** The notice's words up to its colon (the served HTML escapes the apostrophe after it). */
const NOSCRIPT_OPENS = T.noScript.slice(0, T.noScript.indexOf(':'));

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the controls are disabled and say that they need JavaScript', async ({ page, request }) => {
    await page.goto('/');
    const root = page.locator('[data-stepper]').first();
    // a browser with JavaScript off shows <noscript>; this emulation only stops scripts, so the
    // notice is read from the page as served
    const html = await (await request.get('/')).text();
    expect(html).toMatch(new RegExp(`<noscript><p[^>]*>${NOSCRIPT_OPENS}`));
    await expect(
      root.getByRole('button', { name: 'Forward one line', exact: true }),
    ).toBeDisabled();
    await expect(root.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
    await expect(root.getByRole('slider', { name: 'Timeline' })).toBeDisabled();
  });
});

// One page for three reads of the stepper as it opens on a desktop (one load, not three).
test('with JavaScript on, the controls are live and the notice is not shown; the keyboard hint shows on a desktop and says how to focus the stepper; the members table has one header per column name', async ({
  stepper,
}) => {
  await stepper.goto();
  await expect(stepper.root.getByText(NOSCRIPT_OPENS)).toBeHidden();
  await expect(
    stepper.root.getByRole('button', { name: 'Forward one line', exact: true }),
  ).toBeEnabled();

  await expect(stepper.root.getByTestId('key-hint')).toBeVisible();
  await expect(stepper.root.getByTestId('key-hint')).toContainText('click it or Tab into it');

  const headers = await stepper.root
    .getByRole('region', { name: 'Members and their checks' })
    .locator('th')
    .allTextContents();
  expect(new Set(headers).size).toBe(headers.length);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // one load for both reads: the hint at the first step, the tables at the last
  test('the keyboard hint is not shown; no id breaks mid-id in the members and active tables', async ({
    stepper,
  }) => {
    await stepper.goto();
    await expect(stepper.root.getByTestId('key-hint')).toBeHidden();
    await stepper.last();
    const heights = await stepper.root
      .locator('[data-member] td:nth-child(2), [data-active] td:first-child')
      .evaluateAll((cells) =>
        cells.map((c) => {
          const id = c.querySelector('span') ?? c;
          return id.getBoundingClientRect().height / parseFloat(getComputedStyle(id).lineHeight);
        }),
      );
    expect(heights.length).toBeGreaterThan(0);
    for (const lines of heights) expect(lines).toBeLessThan(1.5);
  });
});

test.describe('on a 1920 px screen', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the stepper takes the room instead of staying a narrow column', async ({ stepper }) => {
    await stepper.goto();
    const box = await stepper.root.boundingBox();
    expect(box!.width).toBeGreaterThan(760);
  });
});
