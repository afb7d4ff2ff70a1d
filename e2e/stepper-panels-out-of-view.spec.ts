import { expect, test } from './fixtures/test.ts';
import { DESKTOP } from './fixtures/screens.ts';

// While the stepper moves (steps in a quick burst), a step renders only the panels the learner
// can see (src/components/stepper/panels-in-view.ts): a panel out of view is not written to, and
// shows the step it is on once the stepper rests. Counted DOM writes, not timings: the steps are sent and rendered in one
// task (React renders each in a microtask), where no timer can fire, so the count is the same on
// any machine.

test.use(DESKTOP);

const HASH = 'stepper?preset=thousand&x=script&k=0';

/** The run's hash at step `k`. */
const at = (k: number) => HASH.replace('k=0', `k=${k}`);

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
  await expect(locals).toHaveText(await stepper.panelOnAFreshPage(at(8), 'locals'));
});

test('the panel a burst brings into view waits until its landing, and lands showing that step', async ({
  stepper,
}) => {
  await stepper.goto(HASH);
  await expect(stepper.counter).toHaveText(/of \d{4,}/);
  const argv = stepper.root.locator('[data-panel="argv"]');
  await expect(argv).not.toBeInViewport();
  const seen = await stepper.root.evaluate(async (root) => {
    const range = root.querySelector<HTMLInputElement>('input[type=range]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const jump = async (k: number) => {
      setValue.call(range, String(k));
      range.dispatchEvent(new Event('input', { bubbles: true }));
      // React renders the jump in a microtask: let those run, and no task (no timer, no frame)
      for (let m = 0; m < 20; m++) await Promise.resolve();
    };
    // a single jump is shown whole; step 8 is a check, so the members (in view) are followed;
    // from the second jump of a quick burst the stepper is moving
    await jump(8);
    await jump(9);
    const panel = root.querySelector('[data-panel="argv"]')!;
    let writes = 0;
    const mo = new MutationObserver((r) => (writes += r.length));
    mo.observe(panel, { subtree: true, childList: true, attributes: true, characterData: true });
    const before = panel.textContent;
    // a scrub: jumps too quick for a landing to glide, the last onto step 402, which reads the
    // next pair from ARGV (the ARGV panel, out of view, is the one it brings into view)
    for (const k of [100, 250, 402]) await jump(k);
    writes += mo.takeRecords().length;
    mo.disconnect();
    const same = panel.textContent === before;
    // what the panel shows on each frame the landing moves it while any of it is on screen
    const shown: string[] = [];
    (window as unknown as { shownAtLanding: string[] }).shownAtLanding = shown;
    document.addEventListener(
      'scroll',
      (e) => {
        const box = e.target === document ? document.documentElement : (e.target as Element);
        if (!box.contains(panel)) return;
        const r = panel.getBoundingClientRect();
        const b = box === document.documentElement ? null : box.getBoundingClientRect();
        const top = Math.max(0, b?.top ?? 0);
        const bottom = Math.min(window.innerHeight, b?.bottom ?? Infinity);
        if (r.bottom > top && r.top < bottom) shown.push(panel.textContent ?? '');
      },
      true,
    );
    return { writes, same };
  });
  // nothing was written to the panel while the jumps came
  expect(seen).toMatchObject({ writes: 0, same: true });
  await expect(stepper.counter).toHaveText(/^step 402 of/);
  await expect(argv).toBeInViewport();

  // it landed showing step 402: what a page opened at step 402 shows there
  const text = await stepper.panelOnAFreshPage(at(402), 'argv');
  await expect(argv).toHaveText(text);
  // and it showed that step from the first frame any of it came on screen
  const shown = await stepper.page.evaluate(
    () => (window as unknown as { shownAtLanding: string[] }).shownAtLanding,
  );
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set([text]));
});
