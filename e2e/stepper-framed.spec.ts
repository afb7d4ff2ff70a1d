import { expect, test } from './fixtures/test.ts';
import { PHONE, restingScrollY } from './fixtures/screens.ts';

// The stepper inside an embed: following a step must never move the host's page (the host's
// page is the host's), and a 320 px frame must never scroll sideways, whatever the step shows.

test.describe('phone 390 × 844', () => {
  test.use(PHONE);

  test('in a host’s frame shorter than the stepper, each step is followed inside the frame and the host page stays put', async ({
    page,
    courseHost,
  }, testInfo) => {
    // a host without the resizer: the frame keeps its 700 px and scrolls its own document, and
    // the host page has a course's text below it, so it could scroll too
    const lesson = String(testInfo.project.use.baseURL).replace(/\/$/, '');
    await page.goto(`${courseHost.url}/blank.html`);
    await page.evaluate((src) => {
      // laid out for the phone, as a course site's page is
      const meta = document.createElement('meta');
      meta.name = 'viewport';
      meta.content = 'width=device-width, initial-scale=1';
      document.head.append(meta);
      const main = document.querySelector('main')!;
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'Batch lease extension stepper';
      frame.width = '100%';
      frame.height = '700';
      main.append(frame);
      for (let i = 0; i < 80; i++) {
        const p = document.createElement('p');
        p.textContent = `The course goes on after the stepper (paragraph ${i + 1}).`;
        main.append(p);
      }
    }, `${lesson}/embed/stepper.html#stepper?preset=default&x=script&k=0`);
    const frame = page.frameLocator('iframe');
    const root = frame.locator('[data-stepper]');
    await expect(root.locator('fieldset[data-live]')).toBeAttached();
    const counter = root.getByTestId('step-counter');
    await expect(counter).toHaveText(/^step 0 of \d+/);
    const n = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
    expect(n).toBeGreaterThan(10);
    const hostAt = await page.evaluate(restingScrollY);
    let followed = 0;
    for (let k = 1; k <= n; k++) {
      await root.getByRole('button', { name: 'Forward one line', exact: true }).click();
      await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
      expect(await page.evaluate(restingScrollY), `the host page at step ${k}`).toBe(hostAt);
      // the stepper still follows, in its own frame: the changed panel shows below the deck
      const inFrame = await root.evaluate(async (el) => {
        let still = 0;
        for (let last = scrollY; still < 3;) {
          await new Promise((r) => requestAnimationFrame(r));
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
        }
        const name =
          el.querySelector<HTMLElement>('[data-panel]')?.parentElement?.parentElement?.dataset
            .follow;
        if (!name) return null;
        const deck = el.querySelector('[data-testid="stepper-deck"]')!.getBoundingClientRect();
        const r = el.querySelector(`[data-panel="${name}"]`)!.getBoundingClientRect();
        const fits = r.top >= deck.bottom - 1 && r.bottom <= innerHeight + 1;
        return fits || (r.height > innerHeight - deck.bottom && Math.abs(r.top - deck.bottom) <= 1);
      });
      if (inFrame !== null) {
        followed++;
        expect(inFrame, `the changed panel in the frame at step ${k}`).toBe(true);
      }
    }
    expect(followed).toBeGreaterThan(n / 2);
  });
});

test('a 320 px embed never scrolls sideways, at any step of either executor', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const x of ['script', 'native'] as const) {
    await page.goto(`/embed/stepper.html#stepper?preset=default&x=${x}&k=0`);
    const root = page.locator('[data-stepper]');
    await expect(root.locator('fieldset[data-live]')).toBeAttached();
    const counter = root.getByTestId('step-counter');
    await expect(counter).toHaveText(/^step 0 of \d+/);
    const n = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
    for (let k = 1; k <= n; k++) {
      await root.getByRole('button', { name: 'Forward one line', exact: true }).click();
      await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `the page's width at step ${k} of the ${x}`).toBeLessThanOrEqual(320);
    }
  }
});
