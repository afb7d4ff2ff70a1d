import { expect, test } from './fixtures/test.ts';
import { DESKTOP, PHONE } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

// The panels scroll under the pinned deck of controls, which hides them as the screen's edge
// does: while the stepper moves, a panel wholly under the deck is not written to, as one off the
// screen is not (src/components/stepper/panels-in-view.ts), and one that shows below the deck is.
// Counted DOM writes, not timings: the steps are sent and rendered in one task (React renders
// each in a microtask), where no timer can fire, so the count is the same on any machine.

const HASH = 'stepper?preset=thousand&x=script&k=0';

/**
 * Scrolls what scrolls the panels (the stepper's own box where it has one, else the page) until
 * the bottom of what `covered` selects (a panel, or a part of one) is just under the deck, lets
 * the observers say so, and tells where it and what `below` selects (the next one) then are.
 */
function putUnderDeck(
  stepper: StepperPage,
  covered = '[data-panel="members"]',
  below = '[data-panel="keyspace"]',
) {
  return stepper.root.evaluate(
    async (root, [covered, below]) => {
      const deck = root.querySelector<HTMLElement>('[data-testid="stepper-deck"]')!;
      const hidden = root.querySelector<HTMLElement>(covered)!;
      const next = root.querySelector<HTMLElement>(below)!;
      let box: HTMLElement | null = hidden.parentElement;
      while (box && box !== document.body) {
        const oy = getComputedStyle(box).overflowY;
        if ((oy === 'auto' || oy === 'scroll') && box.scrollHeight > box.clientHeight) break;
        box = box.parentElement;
      }
      const scroller = box && box !== document.body ? box : document.scrollingElement!;
      // the deck sticks once the stepper's top has gone by, so the aim is taken again after a
      // move; at once, as the page may glide where it is scrolled by script
      for (let i = 0; i < 3; i++) {
        const by = hidden.getBoundingClientRect().bottom - deck.getBoundingClientRect().bottom;
        scroller.scrollTo({ top: scroller.scrollTop + by + 6, behavior: 'instant' });
      }
      // three frames and a task: the observers report after a frame's layout
      await new Promise<void>((done) => {
        const tick = (left: number) =>
          left === 0 ? setTimeout(done, 0) : requestAnimationFrame(() => tick(left - 1));
        tick(3);
      });
      const view = scroller === document.scrollingElement ? null : scroller;
      const top = Math.max(0, view?.getBoundingClientRect().top ?? 0);
      const d = deck.getBoundingClientRect();
      const h = hidden.getBoundingClientRect();
      const n = next.getBoundingClientRect();
      return {
        // on the screen (the part under the deck): one in view before the deck counted
        coveredOnScreen: h.bottom > top,
        coveredUnderDeck: h.bottom <= d.bottom,
        nextBelowDeck: n.top < d.bottom + 40 && n.bottom > d.bottom,
      };
    },
    [covered, below] as const,
  );
}

/**
 * In the stepper's page: a burst of jumps (3000, 3001, then 5000, 7000 and 9000) as a scrub
 * sends them, after a wheel (the learner has scrolled, so no step lands anywhere and what is
 * on screen stays put), counting the DOM writes to each of `watch` (selectors) during the last
 * three, and whether the first of them kept its text.
 */
function burstWatching(stepper: StepperPage, watch: readonly string[]) {
  return stepper.root.evaluate(async (root, watch) => {
    root.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    const range = root.querySelector<HTMLInputElement>('input[type=range]')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const jump = async (to: number) => {
      setValue.call(range, String(to));
      range.dispatchEvent(new Event('input', { bubbles: true }));
      // React renders the jump in a microtask: let those run, and no task (no timer, no frame)
      for (let n = 0; n < 20; n++) await Promise.resolve();
    };
    // a single jump is shown whole; from the second of a quick burst the stepper is moving
    await jump(3000);
    await jump(3001);
    const els = watch.map((sel) => root.querySelector<HTMLElement>(sel)!);
    const writes = watch.map(() => 0);
    const count = (n: number, records: number) => (writes[n] = (writes[n] ?? 0) + records);
    const watched = els.map((el, n) => {
      const mo = new MutationObserver((r) => count(n, r.length));
      mo.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
      return mo;
    });
    const before = els[0]!.textContent;
    for (const to of [5000, 7000, 9000]) await jump(to);
    watched.forEach((mo, n) => {
      count(n, mo.takeRecords().length);
      mo.disconnect();
    });
    return { writes, same: els[0]!.textContent === before };
  }, watch);
}

for (const [screen, use] of [
  ['a laptop (the stepper scrolls in its own box)', DESKTOP],
  ['a phone (the page scrolls)', PHONE],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use(use);

    test('a panel wholly under the deck is not written to while the stepper moves, and shows the step at rest', async ({
      stepper,
    }) => {
      await stepper.goto(HASH);
      await expect(stepper.counter).toHaveText(/of \d{4,}/);
      expect(await putUnderDeck(stepper)).toEqual({
        coveredOnScreen: true,
        coveredUnderDeck: true,
        nextBelowDeck: true,
      });
      const seen = await burstWatching(stepper, [
        '[data-panel="members"]',
        '[data-panel="keyspace"]',
      ]);
      // the panel the learner sees showed each step; the one under the deck was not touched
      expect(seen.writes[1]).toBeGreaterThan(0);
      expect({ members: seen.writes[0], same: seen.same }).toEqual({ members: 0, same: true });
      await expect(stepper.counter).toHaveText(/^step 9,?000 of/);

      // at rest it shows step 9000: what a page opened at step 9000 shows there
      await expect(stepper.root.locator('[data-panel="members"]')).toHaveText(
        await stepper.panelOnAFreshPage(HASH.replace('k=0', 'k=9000'), 'members'),
      );
    });

    test('the parts of the keyspace panel under the deck wait while the stepper moves, the part below it does not', async ({
      stepper,
    }) => {
      await stepper.goto(HASH);
      await expect(stepper.counter).toHaveText(/of \d{4,}/);
      // the active set and the job rows under the deck, the failed list showing below it
      expect(
        await putUnderDeck(stepper, '[data-panel-part="rows"]', '[data-panel-part="failed"]'),
      ).toEqual({
        coveredOnScreen: true,
        coveredUnderDeck: true,
        nextBelowDeck: true,
      });
      const seen = await burstWatching(stepper, [
        '[data-panel-part="active"]',
        '[data-panel-part="rows"]',
        '[data-panel-part="failed"]',
      ]);
      // the failed list grows over those steps, and shows each; the other two are not touched
      expect(seen.writes[2]).toBeGreaterThan(0);
      expect({ under: seen.writes.slice(0, 2), same: seen.same }).toEqual({
        under: [0, 0],
        same: true,
      });
      await expect(stepper.counter).toHaveText(/^step 9,?000 of/);
      // at rest the whole panel shows step 9000, as a page opened there does
      await expect(stepper.root.locator('[data-panel="keyspace"]')).toHaveText(
        await stepper.panelOnAFreshPage(HASH.replace('k=0', 'k=9000'), 'keyspace'),
      );
    });
  });
}

test.describe('on a laptop, with less motion asked for (each landing is taken at once)', () => {
  test.use({ ...DESKTOP, reducedMotion: 'reduce' });

  test('a panel above the followed one that waited under the deck does not move it once the stepper rests', async ({
    stepper,
  }) => {
    // on the native executor the members table is 17 px shorter at step 53 than at step 51, and
    // step 53 changes the keyspace: the keyspace panel below the members is the one followed
    await stepper.goto('stepper?preset=default&x=native&k=50');
    await expect(stepper.counter).toHaveText(/^step 50 of/);
    expect((await putUnderDeck(stepper)).coveredUnderDeck).toBe(true);
    await stepper.root.evaluate(async (root) => {
      // three steps in one task: the first is shown whole, the next two while the stepper moves
      for (let i = 0; i < 3; i++) {
        root.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        for (let m = 0; m < 20; m++) await Promise.resolve();
      }
    });
    await expect(stepper.counter).toHaveText(/^step 53 of/);
    // at rest the members show step 53 (and are shorter): the keyspace panel is still in its place
    await expect(stepper.root.locator('[data-panel="members"]')).toHaveText(
      await stepper.panelOnAFreshPage('stepper?preset=default&x=native&k=53', 'members'),
    );
    const place = await stepper.placeInView();
    expect(place.panel).toBe('keyspace');
    expect(place.panelInView).toBe(true);
  });
});
