import { expect, test } from './fixtures/page-problems.ts';
import { PHONE, restingScrollY } from './fixtures/screens.ts';
import { StepperPage } from './fixtures/stepper-page.ts';

// How the stepper follows a step on a phone: at once for a reader who asked for less motion, and
// never against the learner's own scrolling (item 5 of issue 9).

test.describe('phone 390 × 844', () => {
  test.use(PHONE);

  test.describe('with reduced motion asked', () => {
    test.use({ reducedMotion: 'reduce' });

    test('every step lands in the frame that shows it, with no glide', async ({ page }) => {
      const stepper = new StepperPage(page);
      await stepper.goto('stepper?preset=default&x=script&k=0');
      await stepper.root.scrollIntoViewIfNeeded();
      const n = Number(/of (\d+)/.exec((await stepper.counter.textContent()) ?? '')?.[1]);
      expect(n).toBeGreaterThan(10);
      for (let k = 1; k <= n; k++) {
        await stepper.forwardLine();
        await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of`));
        // measured at once, not once the page has come to rest
        const place = await stepper.placeInView({ settle: false });
        expect(place.controls, `the controls at step ${k}`).toBe(true);
        expect(place.lit, `the lit line at step ${k}`).toBe(true);
        if (place.panel !== null)
          expect(place.panelInView, `the ${place.panel} panel at step ${k}`).toBe(true);
      }
    });
  });

  test('while it plays, a learner who scrolls away is left there until their next command', async ({
    page,
  }) => {
    // every scroll the page's code asks for, counted (the browser's own scrolling is not)
    await page.addInitScript(() => {
      const w = window as unknown as { __asked: number };
      w.__asked = 0;
      // the same function, counting its calls (overloads and all: the arguments pass through)
      const count = <T>(f: T): T =>
        function (this: unknown, ...a: unknown[]) {
          w.__asked++;
          return (f as (...b: unknown[]) => unknown).apply(this, a);
        } as T;
      window.scrollTo = count(window.scrollTo);
      window.scrollBy = count(window.scrollBy);
      Element.prototype.scrollTo = count(Element.prototype.scrollTo);
      Element.prototype.scrollBy = count(Element.prototype.scrollBy);
    });
    const asked = () => page.evaluate(() => (window as unknown as { __asked: number }).__asked);
    const stepper = new StepperPage(page);
    await stepper.goto('stepper?preset=default&x=script&k=0');
    await stepper.root.scrollIntoViewIfNeeded();
    await stepper.forwardLine();
    await expect(stepper.counter).toHaveText(/^step 1 of/);
    expect((await stepper.placeInView()).panelInView).toBe(true);

    await stepper.root.getByLabel('speed').selectOption('4');
    await stepper.root.getByRole('button', { name: 'Play', exact: true }).click();
    // the learner scrolls back up the page with the wheel, over the panels (not the listing)
    await page.mouse.move(195, 800);
    await page.mouse.wheel(0, -700);
    const settled = () => page.evaluate(restingScrollY);
    const left = await settled();
    const before = await asked();
    // the listing scrolls by its scrollTop, which no count sees: its offset is watched instead
    const listingAt = () =>
      stepper.root
        .locator('pre')
        .first()
        .evaluate((pre) => pre.scrollTop);
    const listingWas = await listingAt();
    const from = await stepper.stepNumber();
    // several steps play on, each changing a panel that is now off screen
    await expect.poll(() => stepper.stepNumber()).toBeGreaterThanOrEqual(from + 6);
    expect(await asked(), 'scrolls the stepper asked for after the learner scrolled').toBe(before);
    expect(await settled()).toBe(left);
    expect(await listingAt(), 'the listing, scrolled while the learner looked away').toBe(
      listingWas,
    );
    // their next command: the stepper follows again
    await stepper.root.getByRole('button', { name: 'Pause', exact: true }).click();
    await stepper.forwardLine();
    const place = await stepper.placeInView();
    expect(place.controls && place.lit).toBe(true);
    if (place.panel !== null) expect(place.panelInView).toBe(true);
  });
});

test('a step that glides never carries the controls away from a pressed pointer', async ({
  page,
}) => {
  // The lesson as it opens: the stepper below the top, so its first step glides the stepper's
  // box until the deck of controls sticks. A click is a press and a release on one element; a
  // deck that slid away between the two would swallow the click. The press is held while a key
  // takes the step (so the glide certainly starts under it), then released.
  const stepper = new StepperPage(page);
  await stepper.goto();
  const forward = stepper.root.getByRole('button', { name: 'Forward one line', exact: true });
  await forward.scrollIntoViewIfNeeded();
  const at = await forward.boundingBox();
  expect(at).not.toBeNull();
  await page.mouse.move(at!.x + at!.width / 2, at!.y + at!.height / 2);
  await page.mouse.down();
  await page.keyboard.press('ArrowRight');
  await expect(stepper.counter).toHaveText(/^step 1 of/);
  // a few frames for a glide to show: the button has not moved from under the pointer
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
  );
  expect((await forward.boundingBox())!.y).toBeCloseTo(at!.y, 0);
  await page.mouse.up();
  await expect(stepper.counter).toHaveText(/^step 2 of/);
  // and once released, the place is kept in view after all
  await expect.poll(async () => (await stepper.placeInView()).panelInView).toBe(true);
});
