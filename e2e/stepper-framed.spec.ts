import type { Locator } from '@playwright/test';
import { WIDGET_INFO } from '../src/embed/widgets.ts';
import { addElement } from './fixtures/add-element.ts';
import { expect, test } from './fixtures/test.ts';
import { restingScrollY } from './fixtures/screens.ts';
import { expectShownWhole } from './fixtures/shown-whole.ts';
import { stageFaults } from './fixtures/stage-layout.ts';
import { atStep } from './fixtures/at-step.ts';
import { hydrated } from './fixtures/reached.ts';

// The stepper in a host's page: the iframe snippet alone (no resizer) fits its frame at any
// width, and a step never changes the height it posts; the custom element never scrolls its
// host, and a click on its controls is never lost under a host's sticky header.

const SNIPPET_HEIGHT = WIDGET_INFO.stepper.defaultHeight;

for (const width of [320, 360, 768, 1280]) {
  test(`the embed page in a ${width} px frame of the snippet's height scrolls nothing inside, and posts one height at step 0 and step 20`, async ({
    page,
    courseHost,
  }, testInfo) => {
    const lesson = String(testInfo.project.use.baseURL).replace(/\/$/, '');
    await page.setViewportSize({ width: width + 40, height: 1000 });
    await page.addInitScript(() => {
      const w = window as unknown as { __heights: number[]; __probes: number };
      w.__heights = [];
      w.__probes = 0;
      window.addEventListener('message', (e) => {
        const data = e.data as { context?: string; height?: number; probe?: true } | null;
        if (data?.context === 'iframe.resize' && typeof data.height === 'number')
          w.__heights.push(data.height);
        if (data?.probe) w.__probes += 1;
      });
    });
    await page.goto(`${courseHost.url}/blank.html`);
    await page.evaluate(
      ({ src, width, height }) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.title = 'Batch lease extension stepper';
        frame.width = String(width);
        frame.height = String(height);
        frame.style.border = '0';
        document.querySelector('main')!.append(frame);
      },
      {
        src: `${lesson}/embed/stepper.html#stepper?preset=default&x=script&k=0`,
        width,
        height: SNIPPET_HEIGHT,
      },
    );
    const frame = page.frameLocator('iframe');
    const root = frame.locator('[data-stepper]');
    await hydrated(root);
    const counter = root.getByTestId('step-counter');
    const scrolls = () =>
      frame.locator('html').evaluate(() => {
        const doc = document.scrollingElement!;
        return {
          down: doc.scrollHeight > doc.clientHeight,
          across: doc.scrollWidth > doc.clientWidth,
        };
      });
    const posted = () =>
      page.evaluate(() => (window as unknown as { __heights: number[] }).__heights.at(-1));
    await expect(counter).toHaveText(/^step 0 of/);
    expect(await scrolls()).toEqual({ down: false, across: false });
    await expect.poll(posted).toBeGreaterThan(0);
    const first = await posted();
    for (let k = 1; k <= 20; k++) {
      await root.getByRole('button', { name: 'Forward one line', exact: true }).click();
      await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
    }
    expect(await scrolls()).toEqual({ down: false, across: false });
    // a height the steps changed is posted when the frame lays out after them; a probe the frame
    // posts two frames later arrives after it (one sender's messages keep their order), so once
    // the probe is in, the last height posted is the last there will be: it is the first
    await frame.locator('html').evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      window.parent.postMessage({ probe: true }, '*');
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __probes: number }).__probes))
      .toBe(1);
    expect(await posted()).toBe(first);
    expect(first).toBe(SNIPPET_HEIGHT);
  });
}

test('a custom element under a host’s sticky header steps 20 times from 20 clicks, the host’s scroll unchanged', async ({
  page,
  courseHost,
}, testInfo) => {
  const lesson = String(testInfo.project.use.baseURL).replace(/\/$/, '');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${courseHost.url}/blank.html`);
  await page.evaluate(() => {
    // the host's own look, set through the CSSOM (its policy refuses inline style attributes)
    const header = document.createElement('header');
    header.textContent = 'A course site';
    Object.assign(header.style, {
      position: 'sticky',
      top: '0',
      height: '80px',
      background: 'white',
      zIndex: '10',
    });
    document.body.prepend(header);
  });
  await addElement(page, 'batch-lease-stepper', lesson, {
    state: '#stepper?preset=default&x=script&k=0',
    textBefore: 20,
    textAfter: 60,
  });
  const el = page.locator('batch-lease-stepper');
  await hydrated(el);
  // the element's top slides under the header; its controls show just below it
  await el.evaluate((e) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 40));
  const at = await page.evaluate(restingScrollY);
  const counter = el.getByTestId('step-counter');
  const forward = el.getByRole('button', { name: 'Forward one line', exact: true });
  for (let k = 1; k <= 20; k++) {
    await forward.click();
    await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
  }
  expect(await page.evaluate(restingScrollY)).toBe(at);
});

test('a 320 px embed never scrolls sideways, at any step of either executor', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const x of ['script', 'native'] as const) {
    await page.goto(`/embed/stepper.html#stepper?preset=default&x=${x}&k=0`);
    const root = page.locator('[data-stepper]');
    await hydrated(root);
    const counter = root.getByTestId('step-counter');
    // this executor's run, made: the run before ended at its last step, and a run still waiting
    // for the simulator shows step 0 of 0 (a walk of nothing)
    await expect(counter).toHaveText(/^step 0 of [1-9]/);
    const n = Number(/of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
    for (let k = 1; k <= n; k++) {
      await root.getByRole('button', { name: 'Forward one line', exact: true }).click();
      const wide = await atStep(page, k, () => document.documentElement.scrollWidth, undefined);
      expect(wide, `the page's width at step ${k} of the ${x}`).toBeLessThanOrEqual(320);
    }
  }
});

/**
 * At step `k`: every step control, the timeline and the narration show whole to the learner
 * (inside every box that clips them, and what a pointer at their middle touches is them).
 */
async function controlsShowWhole(root: Locator, k: number) {
  for (const name of [
    'First step',
    'Back one member',
    'Back one line',
    'Play',
    'Forward one line',
    'Forward one member',
    'Last step',
  ])
    await expectShownWhole(`step ${k}: ${name}`, root.getByRole('button', { name, exact: true }));
  await expectShownWhole(`step ${k}: the timeline`, root.getByRole('slider'));
  await expectShownWhole(`step ${k}: the narration`, root.getByTestId('narration'));
}

// A course page may give the iframe little room: about 520 px, the least the stage is made for.
// The frame is the embed page's window, so the page is opened in a window of that size.
for (const width of [360, 768, 1280]) {
  test(`in a frame ${width} px wide and 520 px tall, the stage fits: nothing spills out of it or over its controls, and 10 clicks step it in place`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 520 });
    await page.goto('/embed/stepper.html#stepper?preset=default&x=script&k=0');
    const root = page.locator('[data-stepper]');
    await hydrated(root);
    const counter = root.getByTestId('step-counter');
    await expect(counter).toHaveText(/^step 0 of/);
    const scrolls = () =>
      page.evaluate(() => {
        const doc = document.scrollingElement!;
        return {
          down: doc.scrollHeight > doc.clientHeight,
          across: doc.scrollWidth > doc.clientWidth,
          at: window.scrollY,
        };
      });
    const box = await root.boundingBox();
    const fits = async (k: number) => {
      expect(await scrolls(), `step ${k}: the frame's page scrolls`).toEqual({
        down: false,
        across: false,
        at: 0,
      });
      expect(await root.evaluate(stageFaults, []), `step ${k}: spilled out of the stage`).toEqual(
        [],
      );
      expect(await root.boundingBox(), `step ${k}: the stage's box`).toEqual(box);
      await controlsShowWhole(root, k);
      await expectShownWhole(`step ${k}: the notes`, root.getByTestId('run-notes'));
    };
    await fits(0);
    const forward = root.getByRole('button', { name: 'Forward one line', exact: true });
    for (let k = 1; k <= 10; k++) {
      await forward.click();
      await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
    }
    await fits(10);
    // the bar's last tool is reachable: brought into its row's view, it shows whole, and the
    // page stays where it was
    const tools = root.getByRole('group', { name: 'Options and tools' }).getByRole('button');
    await tools.last().scrollIntoViewIfNeeded();
    await expectShownWhole('the last tool', tools.last());
    expect((await scrolls()).at).toBe(0);
  });
}

// The custom element given about 520 px by its host (the least the stage is made for), in a
// column as narrow as a phone's, a tablet's and a laptop's: the stage (and the link to the full
// lesson under it) fills the element's box, nothing of it spills out, no step scrolls the host, and every control
// shows whole to the pointer (hit-tested) before and after 10 clicks.
for (const width of [360, 768, 1280]) {
  test(`a custom element ${width} px wide and 520 px tall: the stage fills it, nothing spills or covers, 10 clicks step it with the host's scroll unchanged`, async ({
    page,
    courseHost,
  }, testInfo) => {
    const lesson = String(testInfo.project.use.baseURL).replace(/\/$/, '');
    await page.setViewportSize({ width: width + 40, height: 800 });
    await page.goto(`${courseHost.url}/blank.html`);
    await addElement(page, 'batch-lease-stepper', lesson, {
      state: '#stepper?preset=default&x=script&k=0',
      // the host's own size for it
      height: '520px',
      fillWidth: true,
      textBefore: 1,
      textAfter: 40,
    });
    const el = page.locator('batch-lease-stepper');
    const root = el.locator('[data-stepper]');
    await hydrated(root);
    const counter = root.getByTestId('step-counter');
    await expect(counter).toHaveText(/^step 0 of/);
    const host = await el.boundingBox();
    expect(host!.height).toBe(520);
    const scrollY = await page.evaluate(restingScrollY);
    const fits = async (k: number) => {
      // the stage and the link under it fill the element's box, within its padding, and
      // nothing in it scrolls
      const stage = (await root.boundingBox())!;
      const link = (await el.getByRole('link', { name: /full lesson/ }).boundingBox())!;
      const inside = (b: typeof stage) =>
        b.x >= host!.x &&
        b.y >= host!.y &&
        b.x + b.width <= host!.x + host!.width + 0.5 &&
        b.y + b.height <= host!.y + host!.height + 0.5;
      expect(inside(stage) && inside(link), `step ${k}: the stage and its link in the box`).toBe(
        true,
      );
      expect(stage.y - host!.y, `step ${k}: room above the stage`).toBeLessThanOrEqual(16);
      expect(
        host!.y + host!.height - (link.y + link.height),
        `step ${k}: room left under the link`,
      ).toBeLessThanOrEqual(16);
      expect(
        await el.evaluate((e) =>
          [...e.shadowRoot!.querySelectorAll('*')]
            .filter((n) => getComputedStyle(n).overflowY !== 'visible')
            .filter((n) => n.scrollHeight > n.clientHeight + 1 && !n.closest('[data-stepper]'))
            .map((n) => n.tagName),
        ),
        `step ${k}: the element's own boxes that scroll`,
      ).toEqual([]);
      expect(await root.evaluate(stageFaults, []), `step ${k}: spilled out of the stage`).toEqual(
        [],
      );
      await controlsShowWhole(root, k);
      expect(await page.evaluate(restingScrollY), `step ${k}: the host's scroll`).toBe(scrollY);
    };
    await fits(0);
    const stage0 = await root.boundingBox();
    const forward = root.getByRole('button', { name: 'Forward one line', exact: true });
    for (let k = 1; k <= 10; k++) {
      await forward.click();
      await expect(counter).toHaveText(new RegExp(`^step ${k} of`));
    }
    await fits(10);
    expect(await el.boundingBox(), "the element's box after the steps").toEqual(host);
    expect(await root.boundingBox(), "the stage's box after the steps").toEqual(stage0);
  });
}
