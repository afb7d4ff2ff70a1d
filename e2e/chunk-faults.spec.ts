import { PageAxe } from './fixtures/axe.ts';
import { readdirSync } from 'node:fs';
import { CHUNK_TIMEOUT_MS } from '../src/loading/load-chunk.ts';
import type { Locator, Page } from '@playwright/test';
import { breakChunk, FAULTS, type Fault, type LazyChunk } from './fixtures/chunk-faults.ts';
import { expect, test } from './fixtures/test.ts';
import type { StepperPage } from './fixtures/stepper-page.ts';
import { hydrated } from './fixtures/reached.ts';

// the browser's own reports of a refused or failed chunk, expected in these tests
const EXPECTED = /Failed to load resource|Failed to fetch dynamically imported module|404|island\]/;

const MESSAGE: Record<Fault, RegExp> = {
  abort: /could not be loaded: the connection failed\. Check it, then press Retry\./,
  gone: /is no longer on the server: the lesson was updated .* Reload the page; your place is kept\./,
  hang: /is taking too long to load .* press Retry\./,
};

type Panel = {
  chunk: LazyChunk;
  what: string;
  /** what shows while the chunk loads, if anything */
  loading: string | null;
  open: (stepper: StepperPage) => Promise<void>;
  ready: (stepper: StepperPage) => Locator;
  /** whether the open panel is part of the state in the URL (a reload reopens it) */
  inUrl: boolean;
};

const PANELS: readonly Panel[] = [
  {
    chunk: 'editor',
    what: 'The scenario editor',
    loading: 'Loading…',
    open: (s) => s.root.getByText('Edit the scenario').click(),
    ready: (s) => s.root.getByLabel('lease_ms'),
    inUrl: false,
  },
  {
    chunk: 'compare',
    what: 'The compare view',
    loading: 'Loading…',
    open: (s) => s.root.getByText('Compare script and native on this scenario').click(),
    ready: (s) => s.root.getByTestId('compare-summary'),
    inUrl: true,
  },
  {
    chunk: 'console',
    what: 'The console',
    loading: 'Loading the console…',
    open: (s) => s.root.getByTestId('console-toggle').click(),
    ready: (s) => s.root.getByRole('textbox', { name: 'Command' }),
    inUrl: false,
  },
  {
    chunk: 'embed-dialog',
    what: 'The Embed dialog',
    loading: null,
    open: (s) => s.island.getByRole('button', { name: 'Embed', exact: true }).click(),
    ready: (s) => s.page.getByRole('dialog'),
    inUrl: false,
  },
];

/**
 * The panel and fault pairs run. What a panel does with each fault (the message, Retry, Reload,
 * the bound on a hung chunk) is LazyPanel's alone, one component for all four, so a pair adds
 * only what its panel brings: its name in the message, the words shown while it loads (seen
 * only while a chunk hangs), and whether a reload after a redeploy reopens it (seen only when
 * gone). These pairs show every panel's own part and each fault on at least two panels; the
 * four of the twelve they leave out repeated a pair already here (editor and embed-dialog
 * aborted, compare hung, console gone). The embed dialog, a modal
 * over the rest, comes last in each fault's turn (PANELS' order).
 */
const PAIRS: readonly (readonly [LazyChunk, Fault])[] = [
  ['editor', 'gone'],
  ['editor', 'hang'],
  ['compare', 'abort'],
  ['compare', 'gone'],
  ['console', 'abort'],
  ['console', 'hang'],
  ['embed-dialog', 'gone'],
  ['embed-dialog', 'hang'],
];

/**
 * One panel's fault, on a page already open with its chunk broken: the stepper survives, says
 * why, and recovers. The steps taken before are the page's own (an earlier panel's case).
 */
async function panelSurvives(
  page: Page,
  stepper: StepperPage,
  panel: Panel,
  fault: Fault,
  broken: Awaited<ReturnType<typeof breakChunk>>,
) {
  await panel.open(stepper);
  if (fault === 'hang') {
    await expect.poll(() => broken.requests()).toBeGreaterThan(0);
    if (panel.loading) await expect(stepper.root.getByText(panel.loading)).toBeVisible();
    await page.clock.runFor(CHUNK_TIMEOUT_MS + 1000);
  }
  const failed = stepper.island.getByTestId('part-failed');
  await expect(failed).toContainText(panel.what);
  await expect(failed).toContainText(MESSAGE[fault]);
  // the rest of the stepper still works
  const k = (await stepper.stepNumber()) + 1;
  await stepper.forwardLine();
  await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of`));

  await broken.heal();
  if (fault === 'gone') {
    // a redeploy: reload, and the state the learner had is still there
    await expect(page).toHaveURL(new RegExp(`#stepper\\?preset=default&x=script&k=${k}(&|$)`));
    await failed.getByRole('button', { name: 'Reload the page' }).click();
    await expect(stepper.counter).toHaveText(new RegExp(`^step ${k} of`));
    await hydrated(stepper.root);
    if (!panel.inUrl) await panel.open(stepper);
  } else {
    await failed.getByRole('button', { name: 'Retry' }).click();
  }
  await expect(panel.ready(stepper)).toBeVisible();
  await expect(stepper.island.getByTestId('part-failed')).toHaveCount(0);
  // a drawer is closed before the next case (the console's has an Embed button of its own)
  if (panel.chunk !== 'embed-dialog') await stepper.closeDrawer();
}

test.describe('a lazy panel whose chunk fails', () => {
  // one page a fault, its panels in turn: each case opens its own panel, whose chunk no case
  // before it loaded, so a page load is shared, not a case's state
  for (const fault of FAULTS) {
    const panels = PANELS.filter((p) => PAIRS.some(([c, f]) => c === p.chunk && f === fault));
    test(`${fault}: ${panels.map((p) => p.chunk).join(', ')}: the stepper survives each, says why, and recovers`, async ({
      page,
      problems,
      stepper,
    }) => {
      problems.allow(EXPECTED);
      if (fault === 'hang') await page.clock.install();
      const broken: Awaited<ReturnType<typeof breakChunk>>[] = [];
      for (const panel of panels) broken.push(await breakChunk(page, panel.chunk, fault));
      await stepper.goto();
      for (const [i, panel] of panels.entries())
        await test.step(panel.chunk, () => panelSurvives(page, stepper, panel, fault, broken[i]!));
    });
  }
});

test.describe('the simulated server whose worker and page chunk both fail', () => {
  for (const fault of FAULTS) {
    test(`${fault}: a linked run says why, offers the way out, and opens at its step`, async ({
      page,
      problems,
      stepper,
    }) => {
      problems.allow(EXPECTED);
      if (fault === 'hang') await page.clock.install();
      const broken = await breakChunk(page, 'simulator', fault);
      await page.goto('/#stepper?preset=reaped&x=script&k=5');
      if (fault === 'hang') {
        await expect(stepper.root.getByTestId('simulator-loading')).toBeVisible();
        // the worker's file, then the page's own chunk, each given its bound
        await page.clock.runFor(CHUNK_TIMEOUT_MS + 1000);
        await expect.poll(() => broken.requests()).toBeGreaterThan(1);
        await page.clock.runFor(CHUNK_TIMEOUT_MS + 1000);
      }
      const failed = stepper.root.getByTestId('simulator-failed');
      await expect(failed).toContainText(/^The simulated server/);
      await expect(failed).toContainText(MESSAGE[fault]);
      // never the old, impossible "pick the scenario again"
      await expect(failed).not.toContainText('pick the scenario');
      await broken.heal();
      if (fault === 'gone') {
        await failed.getByRole('button', { name: 'Reload the page' }).click();
      } else {
        await failed.getByRole('button', { name: 'Retry' }).click();
      }
      await expect(stepper.counter).toHaveText(/^step 5 of/);
      await expect(stepper.root.getByLabel('Scenario')).toHaveValue('reaped');
    });
  }
});

const ISLANDS = [
  { chunk: 'stepper-island', island: 'stepper', what: 'The stepper' },
  { chunk: 'fate-picker-island', island: 'fate-picker', what: 'The fate picker' },
] as const;

test.describe('a lazy island whose chunk fails', () => {
  for (const { chunk, island, what } of ISLANDS) {
    for (const fault of FAULTS) {
      test(`${island}, ${fault}: the prerendered island stays readable, says why, and recovers`, async ({
        page,
        problems,
      }) => {
        problems.allow(EXPECTED);
        if (fault === 'hang') await page.clock.install();
        const broken = await breakChunk(page, chunk, fault);
        // a linked state, so a reload after a redeploy can show it is kept
        await page.goto('/#stepper?preset=reaped&x=script&k=5');
        const root = page.locator(`[data-island="${island}"]`);
        // the fate picker sits far down the page: its chunk is asked for as the reader nears it
        await root.scrollIntoViewIfNeeded();
        await expect.poll(() => broken.requests()).toBeGreaterThan(0);
        if (fault === 'hang') {
          // the jump of the clock ages every chunk still on its way: let the other island finish
          // loading first, so the one hung is the only one that runs out of time
          const other = page.locator(
            `[data-island="${island === 'stepper' ? 'fate-picker' : 'stepper'}"]`,
          );
          await other.scrollIntoViewIfNeeded();
          if (island === 'stepper')
            await expect(other.locator('#fate-picker')).toHaveAttribute('data-ready', 'true');
          else await hydrated(other);
          await root.scrollIntoViewIfNeeded();
          await page.clock.runFor(CHUNK_TIMEOUT_MS + 1000);
        }
        const failed = page.locator(`[data-island-failure="${island}"]`).getByTestId('part-failed');
        await expect(failed).toContainText(what);
        await expect(failed).toContainText(MESSAGE[fault]);
        if (fault === 'abort') {
          // the message and its buttons are as accessible as the rest of the page
          const axe = await new PageAxe({ page })
            .include(`[data-island-failure="${island}"]`)
            .analyze();
          expect(axe.violations.map((v) => `${v.id} — ${v.help}`)).toEqual([]);
        }
        // the island is still the page the build wrote: readable, not yet live, never emptied
        if (island === 'stepper') {
          await expect(root.getByTestId('step-counter')).toHaveText(/^step 0 of \d+/);
          await expect(root.getByTestId('narration')).not.toBeEmpty();
          await expect(root.locator('fieldset[data-live]')).toHaveCount(0);
        } else {
          await expect(
            root.getByRole('heading', { name: /A job’s fate, two verbs/ }),
          ).toBeVisible();
          await expect(root.locator('#fate-picker')).not.toHaveAttribute('data-ready', 'true');
        }

        await broken.heal();
        if (fault === 'gone') {
          await failed.getByRole('button', { name: 'Reload the page' }).click();
          await expect(page).toHaveURL(/#stepper\?preset=reaped&x=script&k=5/);
        } else {
          await failed.getByRole('button', { name: 'Retry' }).click();
        }
        await root.scrollIntoViewIfNeeded();
        if (island === 'stepper') {
          await hydrated(root);
          // hydrated with the linked state
          await expect(root.getByTestId('step-counter')).toHaveText(/^step 5 of/);
        } else {
          await expect(root.locator('#fate-picker')).toHaveAttribute('data-ready', 'true');
        }
        await expect(page.getByTestId('part-failed')).toHaveCount(0);
      });
    }
  }
});

test.describe("the islands' hydration code fails", () => {
  for (const fault of FAULTS) {
    test(`${fault}: the lesson stays readable, says why above each big island, and recovers`, async ({
      page,
      problems,
    }) => {
      problems.allow(EXPECTED);
      if (fault === 'hang') await page.clock.install();
      const broken = await breakChunk(page, 'hydration', fault);
      await page.goto('/#stepper?preset=reaped&x=script&k=5');
      await expect.poll(() => broken.requests()).toBeGreaterThan(0);
      if (fault === 'hang') await page.clock.runFor(CHUNK_TIMEOUT_MS + 1000);
      const stepper = page.locator('[data-island="stepper"]');
      for (const island of ['stepper', 'fate-picker']) {
        const failed = page.locator(`[data-island-failure="${island}"]`).getByTestId('part-failed');
        await expect(failed).toContainText("The lesson's interactive parts");
        await expect(failed).toContainText(MESSAGE[fault]);
      }
      if (fault === 'abort') {
        const axe = await new PageAxe({ page }).include('[data-island-failure]').analyze();
        expect(axe.violations.map((v) => `${v.id} — ${v.help}`)).toEqual([]);
      }
      // the page the build wrote, readable and never emptied, its controls not yet live
      await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 0 of \d+/);
      await expect(stepper.getByTestId('narration')).not.toBeEmpty();
      await expect(stepper.locator('fieldset[data-live]')).toHaveCount(0);

      await broken.heal();
      const notice = page.locator('[data-island-failure="stepper"]').getByTestId('part-failed');
      if (fault === 'gone') {
        await notice.getByRole('button', { name: 'Reload the page' }).click();
        await expect(page).toHaveURL(/#stepper\?preset=reaped&x=script&k=5/);
      } else {
        await notice.getByRole('button', { name: 'Retry' }).click();
      }
      await hydrated(stepper);
      await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 5 of/);
      await expect(page.getByTestId('part-failed')).toHaveCount(0);
    });
  }
});

test('an island that fails to render says so in the page; the others keep working', async ({
  page,
  problems,
  stepper,
}) => {
  problems.allow(/fate-picker island|Cannot read properties|is not iterable|undefined/);
  // the build's props for the fate picker, made unreadable: it cannot render
  await page.route('/', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(
      /(data-island="fate-picker" data-props=")[^"]*"/,
      '$1{&quot;broken&quot;:true}"',
    );
    await route.fulfill({ response: res, body: html });
  });
  await stepper.goto();
  const island = page.locator('[data-island="fate-picker"]');
  await expect(island.getByRole('alert')).toContainText(/The fate picker stopped/);
  await stepper.forwardLine();
  await expect(stepper.counter).toHaveText(/^step 1 of/);
});

test.describe('a chunk that arrived, but a file it imports did not', () => {
  // the browser names only the chunk asked for (the hydration code), which the server has: the
  // page must find and name the file that failed, and say why in words that fit it
  const REACT = /http:\/\/127\.0\.0\.1:\d+\/assets\/react-[\w-]+\.js/.source;
  const SAYS: Record<'abort' | 'gone', RegExp> = {
    gone: new RegExp(
      `is no longer on the server: .* Reload the page; your place is kept\\. \\(The server answered 404 for ${REACT}\\.\\)`,
    ),
    abort: new RegExp(
      `could not be loaded: the connection failed\\. Check it, then press Retry\\. \\(No answer came for ${REACT}\\.\\)`,
    ),
  };
  for (const fault of ['gone', 'abort'] as const) {
    test(`${fault}: the message names that file, and the way out works`, async ({
      page,
      problems,
    }) => {
      problems.allow(EXPECTED);
      const broken = await breakChunk(page, 'react', fault);
      await page.goto('/#stepper?preset=reaped&x=script&k=5');
      const notice = page.locator('[data-island-failure="stepper"]').getByTestId('part-failed');
      await expect(notice).toContainText(SAYS[fault]);
      await expect(notice).not.toContainText('hydrate-islands');
      await broken.heal();
      if (fault === 'gone') {
        await notice.getByRole('button', { name: 'Reload the page' }).click();
      } else {
        await expect(notice.getByRole('button', { name: 'Reload the page' })).toHaveCount(0);
        await notice.getByRole('button', { name: 'Retry' }).click();
      }
      const stepper = page.locator('[data-island="stepper"]');
      await hydrated(stepper);
      await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 5 of/);
    });
  }

  test('refused by the page’s policy: the message names the file and the directive', async ({
    page,
    problems,
  }) => {
    problems.allow(EXPECTED);
    // the lesson's own policy, with its scripts allowed file by file, all but React's
    const origin = new URL(String(test.info().project.use.baseURL)).origin;
    const allowed = [
      `${origin}/theme-init.js`,
      ...readdirSync('dist/assets')
        .filter((f) => f.endsWith('.js') && !f.startsWith('react-'))
        .map((f) => `${origin}/assets/${f}`),
    ];
    await page.route('/', async (route) => {
      const res = await route.fetch();
      const headers = res.headers();
      headers['content-security-policy'] = headers['content-security-policy']!.replace(
        "script-src 'self'",
        `script-src ${allowed.join(' ')}`,
      );
      await route.fulfill({ response: res, headers });
    });
    await page.goto('/#stepper?preset=reaped&x=script&k=5');
    const notice = page.locator('[data-island-failure="stepper"]').getByTestId('part-failed');
    await expect(notice).toContainText(
      new RegExp(
        `could not be loaded: this page's Content-Security-Policy refused ${REACT} \\(script-src(-elem)?\\)\\. Trying again will not help`,
      ),
    );
    // the refusals this test caused on purpose, all of them React's
    const { csp } = await problems.take();
    expect(csp.length).toBeGreaterThan(0);
    for (const v of csp) expect(v).toMatch(/react-[\w-]+\.js/);
  });
});
