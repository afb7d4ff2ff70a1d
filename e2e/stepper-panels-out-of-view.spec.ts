import { expect, test } from './fixtures/test.ts';
import { DESKTOP } from './fixtures/screens.ts';

// While the stepper moves (steps in a quick burst), a step renders only the panels the learner
// can see (src/components/stepper/panels-in-view.ts): a panel out of view is not written to, and
// shows the step it is on once the stepper rests. Counted DOM writes, not timings: the steps are sent and rendered in one
// task (React renders each in a microtask), where no timer can fire, so the count is the same on
// any machine.

test.use(DESKTOP);

const HASH = 'stepper?preset=thousand&x=script&k=0';

test('a panel out of view is not written to while the stepper moves, and shows the step at rest', async ({
  stepper,
}) => {
  await stepper.goto(HASH);
  await expect(stepper.counter).toHaveText(/of \d{4,}/);
  const locals = stepper.root.locator('[data-panel="locals"]');
  // the sticky stepper scrolls in its own box: at the start the locals are far below its view
  await expect(locals).not.toBeInViewport();
  const seen = await stepper.root.evaluate(async (root) => {
    const counts = { locals: 0, deck: 0 };
    const watch = (el: Element, key: keyof typeof counts) => {
      const mo = new MutationObserver((r) => (counts[key] += r.length));
      mo.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
      return mo;
    };
    const press = async () => {
      root.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      // React renders a key's step in a microtask: let those run, and no task (no timer)
      for (let m = 0; m < 20; m++) await Promise.resolve();
    };
    // a single step shows every panel; from the second of a quick burst the stepper is moving
    await press();
    await press();
    const panel = root.querySelector('[data-panel="locals"]')!;
    const deck = root.querySelector('[data-testid="stepper-deck"]')!;
    const observers = [watch(panel, 'locals'), watch(deck, 'deck')];
    const before = panel.textContent;
    for (let i = 0; i < 6; i++) await press();
    for (const mo of observers) {
      const left = mo.takeRecords().length;
      counts[mo === observers[0] ? 'locals' : 'deck'] += left;
      mo.disconnect();
    }
    return { ...counts, same: panel.textContent === before };
  });
  // the deck showed every step; the panel out of view was not touched
  expect(seen.deck).toBeGreaterThan(0);
  expect(seen).toMatchObject({ locals: 0, same: true });
  await expect(stepper.counter).toHaveText(/^step 8 of/);

  // at rest it shows step 8: what a page opened at step 8 shows there
  const fresh = await stepper.page.context().newPage();
  await fresh.goto(`/#${HASH.replace('k=0', 'k=8')}`);
  const want = fresh.locator('[data-stepper] [data-panel="locals"]');
  await expect(fresh.locator('[data-stepper] [data-testid=step-counter]')).toHaveText(/^step 8 of/);
  const text = await want.textContent();
  await fresh.close();
  await expect(locals).toHaveText(text ?? '');
});
