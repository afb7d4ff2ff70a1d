import type { Page } from '@playwright/test';
import { stepperWords as T } from '../content/stepper.ts';
import { expect, test } from './fixtures/test.ts';
import { LAPTOP_AND_PHONE, PHONE } from './fixtures/screens.ts';
import { holdKey, type StepperPage } from './fixtures/stepper-page.ts';

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

/**
 * Opens a run, brings the stage to the top of the window, and shows a tab: by default the
 * members' (a phone shows one region at a time: the members are the region a step changes most).
 */
async function openRun(stepper: StepperPage, hash = '', tab: string = T.stage.tab.state) {
  await stepper.goto(hash);
  await stepper.root.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await stepper.showTab(tab);
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

/** Walks the four-lease run to its end with the right arrow held down; the shifts the walk made. */
async function walkFour(stepper: StepperPage, page: Page): Promise<string[]> {
  const [, last] = await position(stepper);
  const shifts = await watchShifts(page);
  await holdKey(page, 'ArrowRight', last);
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${last} of ${last}`));
  return shifts();
}

/**
 * Steps the 1,000-lease run 120 steps with the key held, then scrubs it to 40 places; the shifts
 * made. Past the first members, so the windows of the members and the active set slide; the
 * places far apart, as a dragged thumb jumps: early and late, few and many failed.
 */
async function walkThousand(stepper: StepperPage, page: Page): Promise<string[]> {
  const [, last] = await position(stepper);
  expect(last).toBeGreaterThan(1000);
  const shifts = await watchShifts(page);
  await holdKey(page, 'ArrowRight', 120);
  await expect(stepper.counter).toHaveText(/^step 120 of/);
  const targets = Array.from({ length: 40 }, (_, i) =>
    Math.floor((((i * 7919) % 997) / 997) * last),
  );
  await scrub(stepper, targets);
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${targets.at(-1)} of`));
  return shifts();
}

const THOUSAND = 'stepper?preset=thousand&x=script&k=0';

/** The runs each screen walks with the members' tab open, by their links. */
const MEMBERS_RUNS = [
  // the lesson as it opens, no link
  ['the four-lease run', '', walkFour],
  // the what-if that drops the membership guard adds a member to the active set (the reaped
  // lease re-scored) and marks it as also in pending: the panel holds that room from the start
  [
    'the four-lease run with the membership guard dropped',
    'stepper?preset=default&x=script&v=no-membership-guard&k=0',
    walkFour,
  ],
  [
    'the reaped run with the membership guard dropped',
    'stepper?preset=reaped&x=script&v=no-membership-guard&k=0',
    walkFour,
  ],
  ['the 1,000-lease run, 120 steps and 40 places scrubbed', THOUSAND, walkThousand],
  // A verdict longer than the lesson's comes in: the native twin's "live (read pass)", its
  // refusal said on every member, a script's error midway
  ['the native twin', 'stepper?preset=default&x=native&k=0', walkFour],
  ['the native twin’s refusal', 'stepper?preset=read-only-caller&x=native&k=0', walkFour],
  ['a run that errors midway', 'stepper?preset=wrongtype-midbatch&k=0', walkFour],
] as const;

/**
 * Opens each of `runs` in turn on one page (the first by loading it, the next by following its
 * link, as a "try it" link does: a load for each was most of these tests' time), shows `tab`,
 * walks it, and answers the shifts each walk made, by the run's name, so a failure names every
 * run that shifted. Each walk ends past step 0, so the next run's step 0 is its own.
 */
async function walkEach(
  stepper: StepperPage,
  page: Page,
  runs: readonly (readonly [string, string, typeof walkFour])[],
  tab: string,
): Promise<Record<string, string[]>> {
  const shifts: Record<string, string[]> = {};
  for (const [name, hash, walk] of runs)
    await test.step(name, async () => {
      await openRun(stepper, hash, tab);
      // its step 0, of a run made (a run still waiting for the simulator has no steps)
      await expect(stepper.counter).toHaveText(/^step 0 of [1-9]/);
      shifts[name] = await walk(stepper, page);
    });
  return shifts;
}

/** Each run's name with no shift: what {@link walkEach} answers when nothing moved. */
const noShifts = (runs: readonly (readonly [string, ...unknown[]])[]) =>
  Object.fromEntries(runs.map(([name]) => [name, []]));

for (const [screen, device] of LAPTOP_AND_PHONE) {
  test.describe(`on ${screen}`, () => {
    test.use(device);

    test('walking the four-lease run by keys, its what-ifs and its native twin, and stepping and scrubbing the 1,000-lease run, with the members’ tab open, make no layout shift', async ({
      stepper,
      page,
    }) => {
      test.setTimeout(MEMBERS_RUNS.length * test.info().timeout);
      expect(await walkEach(stepper, page, MEMBERS_RUNS, T.stage.tab.state)).toEqual(
        noShifts(MEMBERS_RUNS),
      );
    });

    // The other tabs, each open through both walks: the locals' frame (its names column, the
    // rows under a table that grows), the job rows (columns the values written would size), the
    // arguments, the clock and the reply (the pairs left out of the window, the pointer's mark,
    // the clock read). A page each: walked one after another on one page, the 1,000-lease run
    // scrubbed with the Args tab open after the other two tabs' walks moved the pointer's text
    // sideways (seen 2026-12-06), which a page of its own does not
    for (const tab of [T.stage.tab.locals, T.stage.tab.keyspace, T.stage.tab.call]) {
      test(`with the ${tab} tab open, walking the four-lease run and stepping and scrubbing the 1,000-lease run make no layout shift`, async ({
        stepper,
        page,
      }) => {
        const runs = [
          ['the four-lease run', '', walkFour],
          ['the 1,000-lease run', THOUSAND, walkThousand],
        ] as const;
        expect(await walkEach(stepper, page, runs, tab)).toEqual(noShifts(runs));
      });
    }
  });
}

/**
 * Why the lit line does not read whole (null where it does, or where no line is lit): what shows
 * it (the line, or what stands over it lit) inside the listing's box on every side, its words
 * all inside it, and uncovered at its middle.
 */
function litLineUnread(stepper: StepperPage): Promise<string | null> {
  return stepper.root
    .getByTestId('code-view')
    .locator('pre')
    .evaluate((pre) => {
      const line = pre.querySelector<HTMLElement>('[data-line][aria-current]');
      if (!line) return null;
      const shown = line.querySelector<HTMLElement>('[data-part="lit-copy"]') ?? line;
      const r = shown.getBoundingClientRect();
      const b = pre.getBoundingClientRect();
      const [top, left] = [b.top + pre.clientTop, b.left + pre.clientLeft];
      const where = `line ${line.dataset.line}`;
      if (r.top < top - 1 || r.bottom > top + pre.clientHeight + 1)
        return `${where} is cut off: ${r.top}–${r.bottom} in ${top}–${top + pre.clientHeight}`;
      if (r.left < left - 1 || r.right > left + pre.clientWidth + 1)
        return `${where} stands outside the box sideways`;
      if (shown.scrollWidth > shown.clientWidth) return `${where} goes on past its box`;
      // a lit copy takes no pointer (the line under it does: see `.litCopy`), so while the hit
      // test asks what stands over it, it takes one
      const was = shown.style.pointerEvents;
      shown.style.pointerEvents = 'auto';
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      shown.style.pointerEvents = was;
      if (!hit || !shown.contains(hit)) return `${where} is covered`;
      return null;
    });
}

/**
 * Walks the run back by keys from where it stands to step 0; at each step the lit line reads
 * whole (polled: a listing longer than its box brings the lit line into it a frame later).
 */
async function expectLitLineReadsBack(stepper: StepperPage, page: Page, run: string) {
  const [k0] = await position(stepper);
  for (let k = k0; k >= 0; k--) {
    if (k < k0) await page.keyboard.press('ArrowLeft');
    await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of`));
    await expect.poll(() => litLineUnread(stepper), { message: `${run}, step ${k}` }).toBeNull();
  }
}

// A phone shows the script as a tab of its own, about fifty characters wide, every line in one
// row: its lines stand still while the lit line walks down them (as Python Tutor's do), and the
// lit line reads whole at every step, in the lesson's listing, its native twin's (longer lines)
// and a what-if's (whose marked lines carry a tag), through both walks.
test.describe('on a phone, 390 × 844', () => {
  test.use(PHONE);

  test('with the Script tab open, walking the runs and scrubbing the 1,000-lease run make no layout shift, and the lit line reads whole at every step', async ({
    stepper,
    page,
  }) => {
    const runs = [
      ['four', ''],
      ['native', 'stepper?preset=default&x=native&k=0'],
      ['whatIf', 'stepper?preset=default&v=no-membership-guard&k=0'],
    ] as const;
    for (const [name, hash] of runs) {
      await openRun(stepper, hash, T.stage.tab.script);
      // the run's own step 0 (the walk before it ended back at step 0, then stepped once, so
      // a walk never starts on the run before this one, whose length it would read)
      await expect(stepper.counter).toHaveText(/^step 0 of [1-9]/);
      expect.soft(await walkFour(stepper, page), `the ${name} run's shifts`).toEqual([]);
      await expectLitLineReadsBack(stepper, page, name);
      await page.keyboard.press('ArrowRight');
      await expect(stepper.counter).toHaveText(/^step 1 of/);
    }
    await openRun(stepper, THOUSAND, T.stage.tab.script);
    await expect(stepper.counter).toHaveText(/^step 0 of [1-9]/);
    expect(await walkThousand(stepper, page), "the 1,000-lease run's shifts").toEqual([]);
  });
});
