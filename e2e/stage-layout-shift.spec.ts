import type { Page } from '@playwright/test';
import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP_AND_PHONE } from './fixtures/screens.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';

// A step changes what the stage's regions show, never where anything in them stands: walking a
// run by keys and scrubbing its timeline make no layout shift at all (the browser's own record of
// every visible box or text that moved, the Layout Instability API), on a laptop and on a phone.
// Counted from the first command to a frame after the last, whatever the speed of the machine.

/** A `layout-shift` entry's attribution (the Layout Instability API; not in TypeScript's DOM). */
interface Moved {
  node: Node | null;
  previousRect: DOMRectReadOnly;
  currentRect: DOMRectReadOnly;
}
interface Watched {
  take: (entries: PerformanceEntryList) => void;
  seen: string[];
  observer: PerformanceObserver;
}
type ShiftWindow = Window & { __shifts?: Watched };

/**
 * Starts recording the page's layout shifts (none from before: `buffered: false`); the returned
 * function waits one more frame (the last frame's shifts are delivered after it), stops, and
 * answers each shift as the boxes it moved, named so a failure says what moved and where.
 */
async function watchShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const name = (n: Node | null | undefined): string => {
      if (!n) return 'a node since removed';
      if (n.nodeType === Node.TEXT_NODE) return `text "${n.nodeValue}" in ${name(n.parentNode)}`;
      const el = n as HTMLElement;
      const part = el.dataset.part ?? el.dataset.testid ?? el.getAttribute('class') ?? '';
      return `${el.nodeName}${part ? `(${part})` : ''}`;
    };
    const seen: string[] = [];
    const take = (entries: PerformanceEntryList) => {
      for (const e of entries as (PerformanceEntry & { sources?: Moved[] })[])
        seen.push(
          (e.sources ?? [])
            .map((s) => `${name(s.node)} y ${s.previousRect.y} → ${s.currentRect.y}`)
            .join('; '),
        );
    };
    const observer = new PerformanceObserver((list) => take(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: false });
    (window as ShiftWindow).__shifts = { take, seen, observer };
  });
  return () =>
    page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const { take, seen, observer } = (window as ShiftWindow).__shifts!;
      take(observer.takeRecords());
      observer.disconnect();
      return seen;
    });
}

/** Opens a run, brings the stage to the top of the window, and shows the members' tab. */
async function openRun(stepper: StepperPage, hash = '') {
  await stepper.goto(hash);
  await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  // a phone shows one region at a time: the members are the region a step changes most
  await stepper.showTab(T.stage.tab.state);
  await stepper.focus();
}

/** The step the counter shows, and the run's last step. */
async function position(stepper: StepperPage): Promise<[number, number]> {
  const m = /^step (\d+) of (\d+)/.exec((await stepper.counter.textContent()) ?? '');
  return [Number(m![1]), Number(m![2])];
}

/**
 * Sets the timeline to each of `targets` in turn, one a frame, as a dragged thumb does (the
 * input's own events, sent from the page so that forty take no longer than forty frames).
 */
function scrub(stepper: StepperPage, targets: number[]) {
  return stepper.root.locator('input[type=range]').evaluate(async (range, targets) => {
    const input = range as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const k of targets) {
      setValue.call(input, String(k));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
  }, targets);
}

for (const [screen, device] of LAPTOP_AND_PHONE) {
  test.describe(`on ${screen}`, () => {
    test.use(device);

    test('walking the four-lease run to its end by keys makes no layout shift', async ({
      stepper,
      page,
    }) => {
      await openRun(stepper);
      const [, last] = await position(stepper);
      const shifts = await watchShifts(page);
      for (let k = 1; k <= last; k++) await page.keyboard.press('ArrowRight');
      await expect(stepper.counter).toHaveText(new RegExp(`^step ${last} of ${last}`));
      expect(await shifts()).toEqual([]);
    });

    test('stepping 120 steps of the 1,000-lease run and scrubbing it to 40 places makes no layout shift', async ({
      stepper,
      page,
    }) => {
      await openRun(stepper, 'stepper?preset=thousand&x=script&k=0');
      const [, last] = await position(stepper);
      expect(last).toBeGreaterThan(1000);
      const shifts = await watchShifts(page);
      // past the first members, so the windows of the members and the active set slide
      for (let k = 1; k <= 120; k++) await page.keyboard.press('ArrowRight');
      await expect(stepper.counter).toHaveText(/^step 120 of/);
      // places far apart, as a dragged thumb jumps: early and late, few and many failed
      const targets = Array.from({ length: 40 }, (_, i) =>
        Math.floor((((i * 7919) % 997) / 997) * last),
      );
      await scrub(stepper, targets);
      await expect(stepper.counter).toHaveText(new RegExp(`^step ${targets.at(-1)} of`));
      expect(await shifts()).toEqual([]);
    });
  });
}
