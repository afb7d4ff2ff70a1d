import { readFileSync } from 'node:fs';
import type { FrameLocator, Page } from '@playwright/test';
import { PLACE_EVERY_MS } from '../src/lms/cadence.ts';
import { allRight, liveStepper, mostlyWrong, walkPredicting } from './fixtures/lms-walk.ts';
import { PACKAGE_PATH, startPlatform } from './fixtures/platform-host.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The SCORM packages on a real SCORM runtime: scorm-again's Scorm12API / Scorm2004API as the
 * platform's window.API / window.API_1484_11, hosting the unzipped package at a deep path.
 * The platform page records every call the lesson makes, in order.
 */
const VERSIONS = {
  scorm12: {
    lib: 'scorm12.min.js',
    ctor: 'Scorm12API',
    global: 'API',
    init: 'LMSInitialize',
    finish: 'LMSFinish',
    set: 'LMSSetValue',
    commit: 'LMSCommit',
  },
  scorm2004: {
    lib: 'scorm2004.min.js',
    ctor: 'Scorm2004API',
    global: 'API_1484_11',
    init: 'Initialize',
    finish: 'Terminate',
    set: 'SetValue',
    commit: 'Commit',
  },
} as const;

type Kind = keyof typeof VERSIONS;

function platformPage(kind: Kind): string {
  const v = VERSIONS[kind];
  return `<!doctype html><html lang="en"><head><title>Platform</title>
<script src="/scorm-again/${v.lib}"></script></head><body><main></main><script>
window.__calls = [];
window.launch = function (saved) {
  var api = new window.${v.ctor}({ autocommit: false, logLevel: 5 });
  if (saved) api.loadFromJSON(saved);
  ${JSON.stringify(Object.values(v).slice(3))}.concat(['${kind === 'scorm12' ? 'LMSGetValue' : 'GetValue'}']).forEach(function (m) {
    var f = api[m].bind(api);
    api[m] = function (a, b) { var r = f(a, b); window.__calls.push([m, a === undefined ? '' : String(a), b === undefined ? '' : String(b), String(r)]); return r; };
  });
  window.${v.global} = api;
  var old = document.getElementById('sco'); if (old) old.remove();
  var frame = document.createElement('iframe');
  frame.id = 'sco'; frame.width = '1200'; frame.height = '900';
  frame.src = '${PACKAGE_PATH}/index.html';
  document.querySelector('main').append(frame);
};
</script></body></html>`;
}

type Call = [method: string, a: string, b: string, result: string];
const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls);

/** The platform launches the package in its frame, with what it holds of the learner (or null). */
const launch = (page: Page, saved: unknown = null) =>
  page.evaluate((s) => (window as unknown as { launch: (s: unknown) => void }).launch(s), saved);

/** The platform unloads the package's frame, as when the learner leaves the activity. */
const unload = (page: Page) =>
  page.evaluate(() => {
    (document.getElementById('sco') as HTMLIFrameElement).src = 'about:blank';
  });

for (const kind of Object.keys(VERSIONS) as Kind[]) {
  const v = VERSIONS[kind];
  test(`${kind}: initialize once, answers and score, completion, suspend on pagehide, resume at the same step`, async ({
    page,
    problems,
  }) => {
    problems.allow(/\[lms\]/);
    const platform = await startPlatform(kind, platformPage(kind));
    try {
      // the page's clock, to hold it still around the steps below (it runs as the real one until then)
      await page.clock.install();
      await page.goto(`${platform.url}/platform.html`);
      await launch(page);
      const sco = page.frameLocator('#sco');
      const { k, predictions } = await walkPredicting(await liveStepper(sco));
      expect(predictions).toBeGreaterThan(0);
      // a fate picked in the picker is an answer too
      const fate = sco.locator('#fate-picker input[type="radio"]').nth(2);
      await fate.scrollIntoViewIfNeeded();
      await fate.check();
      const fateId = await fate.getAttribute('value');
      const set = (name: string) =>
        calls(page).then((c) => c.filter((x) => x[0] === v.set && x[1] === name).map((x) => x[2]));
      const status = kind === 'scorm12' ? 'cmi.core.lesson_status' : 'cmi.completion_status';
      await expect.poll(() => set(status)).toEqual(['incomplete', 'completed']);
      const responseKey = kind === 'scorm12' ? 'student_response' : 'learner_response';
      await expect
        .poll(async () => (await calls(page)).filter((x) => x[1].endsWith(responseKey)).length)
        .toBe(predictions + 1);

      // the place moves with the steps, but a step alone commits nothing at once. The place is
      // saved at most every PLACE_EVERY_MS; on a busy machine the walk above can outlast that, so
      // the page's clock jumps past any save already due and stands still while the steps are
      // taken: a commit seen then was made by a step, never by the timer.
      await page.clock.pauseAt(Date.now() + PLACE_EVERY_MS + 1_000);
      const before = (await calls(page)).filter((x) => x[0] === v.commit).length;
      const stepper = await liveStepper(sco);
      for (let i = 0; i < 5; i++)
        await stepper.getByRole('button', { name: 'Back one line', exact: true }).click();
      await stepper.getByRole('button', { name: 'Last step', exact: true }).click();
      expect((await calls(page)).filter((x) => x[0] === v.commit).length).toBe(before);
      await page.clock.resume();

      const leftAt = Number(
        /step (\d+) of/.exec((await stepper.getByTestId('step-counter').textContent())!)![1],
      );
      // the learner leaves: pagehide ends the session
      await unload(page);
      await expect.poll(async () => (await calls(page)).at(-1)?.[0]).toBe(v.finish);
      const all = await calls(page);
      const order = all.filter((x) => x[0] !== v.set && !x[0].includes('GetValue'));
      expect(all[0]![0]).toBe(v.init);
      expect(all.filter((x) => x[0] === v.init)).toHaveLength(1);
      expect(all.filter((x) => x[0] === v.finish)).toHaveLength(1);
      expect(order.at(-2)![0]).toBe(v.commit);
      // every call succeeded
      expect(all.filter((x) => x[3] === 'false')).toEqual([]);

      // what the platform holds now: the last value set for each element
      const cmi = Object.fromEntries(all.filter((x) => x[0] === v.set).map((x) => [x[1], x[2]]));
      const interactions = Object.entries(cmi)
        .filter(([key]) => key.startsWith('cmi.interactions.'))
        .reduce<Record<string, string>[]>((list, [key, value]) => {
          const [, n, field] = /^cmi\.interactions\.(\d+)\.(\w+)$/.exec(key)!;
          (list[Number(n)] ??= {})[field!] = value;
          return list;
        }, []);
      expect(interactions).toHaveLength(predictions + 1);
      if (kind === 'scorm12') {
        expect(cmi['cmi.core.lesson_status']).toBe('completed');
        expect(cmi['cmi.core.exit']).toBe('suspend');
        expect(cmi['cmi.core.session_time']).toMatch(/^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
        expect(cmi['cmi.core.score.max']).toBe('100');
        expect(Number(cmi['cmi.core.score.raw'])).toBeGreaterThan(0);
        expect(interactions[0]).toMatchObject({
          id: 'member-0',
          type: 'choice',
          student_response: 'r',
        });
        expect(interactions.at(-1)).toMatchObject({ id: 'fate', result: 'neutral' });
        expect(cmi['cmi.suspend_data']!.length).toBeLessThanOrEqual(4096);
      } else {
        expect(cmi['cmi.completion_status']).toBe('completed');
        // no passing score on the platform: no pass or fail
        expect(cmi['cmi.success_status']).toBeUndefined();
        expect(cmi['cmi.exit']).toBe('suspend');
        expect(cmi['cmi.session_time']).toMatch(/^PT\d+H\d+M[\d.]+S$/);
        expect(Number(cmi['cmi.score.scaled'])).toBeGreaterThan(0);
        expect(interactions[0]).toMatchObject({
          id: 'urn:x-batch-lease:member-0',
          type: 'choice',
          learner_response: 'rescored',
        });
        expect(interactions.at(-1)).toMatchObject({
          id: 'urn:x-batch-lease:fate',
          learner_response: fateId,
          result: 'neutral',
        });
      }
      const place = JSON.parse(cmi['cmi.suspend_data']!) as { h: string; f: string };
      expect(k).toBeGreaterThan(0);
      expect(place.h).toContain(`k=${leftAt}`);
      expect(place.f).toBe(fateId);

      // a relaunch from what the platform kept opens at the same step and fate
      const saved =
        kind === 'scorm12'
          ? {
              core: {
                entry: 'resume',
                lesson_status: 'completed',
                lesson_location: cmi['cmi.core.lesson_location'],
              },
              suspend_data: cmi['cmi.suspend_data'],
            }
          : {
              entry: 'resume',
              completion_status: 'completed',
              location: cmi['cmi.location'],
              suspend_data: cmi['cmi.suspend_data'],
            };
      await page.evaluate(() => ((window as unknown as { __calls: unknown[] }).__calls = []));
      await launch(page, saved);
      const again = await liveStepper(sco);
      await expect(again.getByTestId('step-counter')).toHaveText(new RegExp(`^step ${leftAt} of`));
      await expect(sco.locator(`#fate-picker input[value="${fateId}"]`)).toBeChecked();
      // what was completed stays completed
      expect(await set(status)).toEqual([]);
    } finally {
      await platform.close(page);
    }
  });
}

/**
 * Starts the platform for `kind`, opens its page and launches the package in its frame with
 * what the platform holds of the learner (or null); `body` then plays the learner. The platform
 * closes after it.
 */
async function onPlatform(
  page: Page,
  kind: Kind,
  saved: unknown,
  body: (sco: FrameLocator) => Promise<void>,
) {
  const platform = await startPlatform(kind, platformPage(kind));
  try {
    await page.goto(`${platform.url}/platform.html`);
    await launch(page, saved);
    await body(page.frameLocator('#sco'));
  } finally {
    await platform.close(page);
  }
}

/** What the platform holds after the calls: the last value set for each element. */
const held = (all: Call[], set: string) =>
  Object.fromEntries(all.filter((x) => x[0] === set).map((x) => [x[1], x[2]]));

/** Ends the session the way a learner does: the platform unloads the package's frame. */
async function leave(page: Page, kind: Kind): Promise<Call[]> {
  await unload(page);
  await expect.poll(async () => (await calls(page)).at(-1)?.[0]).toBe(VERSIONS[kind].finish);
  return calls(page);
}

// The platform's passing score (SCORM 1.2 cmi.student_data.mastery_score, from the manifest's
// adlcp:masteryscore; SCORM 2004 cmi.scaled_passing_score, from the primary objective's
// minNormalizedMeasure) decides passed or failed from the learner's score.
for (const kind of Object.keys(VERSIONS) as Kind[]) {
  for (const [outcome, answering] of [
    ['passed', allRight],
    ['failed', mostlyWrong],
  ] as const) {
    test(`${kind} with a passing score of 80%: a learner who scores ${outcome === 'passed' ? 'at or above' : 'below'} it has ${outcome}`, async ({
      page,
      problems,
    }) => {
      problems.allow(/\[lms\]/);
      const passing =
        kind === 'scorm12'
          ? { student_data: { mastery_score: '80' } }
          : { scaled_passing_score: '0.8' };
      await onPlatform(page, kind, passing, async (sco) => {
        await walkPredicting(await liveStepper(sco), answering);
        const cmi = held(await leave(page, kind), VERSIONS[kind].set);
        if (kind === 'scorm12') {
          // 1.2 has one status: passed or failed stands for completed as well
          expect(cmi['cmi.core.lesson_status']).toBe(outcome);
          const raw = Number(cmi['cmi.core.score.raw']);
          if (outcome === 'passed') expect(raw).toBeGreaterThanOrEqual(80);
          else expect(raw).toBeLessThan(80);
        } else {
          expect(cmi['cmi.completion_status']).toBe('completed');
          expect(cmi['cmi.success_status']).toBe(outcome);
          const scaled = Number(cmi['cmi.score.scaled']);
          if (outcome === 'passed') expect(scaled).toBeGreaterThanOrEqual(0.8);
          else expect(scaled).toBeLessThan(0.8);
        }
      });
    });
  }
}

for (const kind of Object.keys(VERSIONS) as Kind[]) {
  test(`${kind}: after ${VERSIONS[kind].finish}, nothing more is called, even while the page stays open`, async ({
    page,
    problems,
  }) => {
    problems.allow(/\[lms\]/);
    await onPlatform(page, kind, null, async (sco) => {
      const stepper = await liveStepper(sco);
      await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
      // the page is hidden and kept (the back-forward cache): the session ends there
      await sco
        .locator('body')
        .evaluate(() =>
          window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })),
        );
      await expect.poll(async () => (await calls(page)).at(-1)?.[0]).toBe(VERSIONS[kind].finish);
      const ended = (await calls(page)).length;
      // the learner keeps going in the open page: walks to the reply predicting, picks a fate
      await walkPredicting(stepper, allRight);
      const fate = sco.locator('#fate-picker input[type="radio"]').nth(2);
      await fate.scrollIntoViewIfNeeded();
      await fate.check();
      // then leaves for good
      await unload(page);
      // a new session on the same platform page is the sync point: the old page is gone
      await launch(page);
      await liveStepper(sco);
      await expect
        .poll(async () =>
          (await calls(page)).slice(ended).some((x) => x[0] === VERSIONS[kind].init),
        )
        .toBe(true);
      const after = (await calls(page)).slice(ended);
      // the first call after the old session's finish is the new session's initialize
      expect(after[0]?.[0]).toBe(VERSIONS[kind].init);
    });
  });
}

test('scorm12: a place longer than 4,096 characters keeps the step and says what it left out', async ({
  page,
  consoleIn,
  problems,
}) => {
  problems.allow(/\[lms\]/);
  const platform = await startPlatform('scorm12', platformPage('scorm12'));
  try {
    await page.goto(`${platform.url}/platform.html`);
    await launch(page);
    const sco = page.frameLocator('#sco');
    const stepper = await liveStepper(sco);
    for (let i = 0; i < 3; i++)
      await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
    await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 3 of/);
    // an edited script, as a "try it" link brings one: it fits beside the step, the lines do not
    const script = `${readFileSync('packages/echomq/lua/extend_locks2.lua', 'utf8')}\n-- ${'x'.repeat(400)}\n`;
    const lua = Buffer.from(script).toString('base64url');
    await sco
      .locator('body')
      .evaluate((_, l) => (location.hash = `#stepper?preset=default&x=script&k=3&lua=${l}`), lua);
    await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 3 of/);
    await stepper.getByTestId('console-toggle').click();
    const cli = consoleIn(stepper);
    for (let i = 0; i < 4; i++) await cli.run(`SET long${i} ${String(i).repeat(950)}`);
    await expect
      .poll(() => sco.locator('body').evaluate(() => location.hash.length))
      .toBeGreaterThan(4096);
    await unload(page);
    await expect.poll(async () => (await calls(page)).at(-1)?.[0]).toBe('LMSFinish');
    const suspend = (await calls(page)).filter((x) => x[1] === 'cmi.suspend_data').at(-1)![2];
    expect(suspend.length).toBeLessThanOrEqual(4096);
    const place = JSON.parse(suspend) as { h: string; d: string[] };
    expect(place.d).toEqual(['console lines']);
    expect(place.h).toContain('k=3');
    expect(place.h).toContain(`lua=${lua}`);
    expect(place.h).not.toContain('console=');
  } finally {
    await platform.close(page);
  }
});

test('a package opened from its files, with no platform, is the web lesson', async ({ page }) => {
  const platform = await startPlatform('scorm2004', platformPage('scorm2004'));
  try {
    await page.goto(`${platform.url}${PACKAGE_PATH}/index.html`);
    const stepper = await liveStepper(page);
    await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
    await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 1 of/);
    // no runtime was fetched: nothing looked for a platform beyond the windows above
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name),
    );
    expect(scripts.filter((s) => /scorm|cmi5/.test(s))).toEqual([]);
  } finally {
    await platform.close(page);
  }
});

test('the Embed dialog offers the three packages, each a zip the site serves', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await liveStepper(page);
  await page.getByRole('button', { name: 'Embed', exact: true }).first().click();
  const region = page
    .getByRole('dialog')
    .getByRole('region', { name: 'Download for your learning platform' });
  const links = region.getByRole('link');
  await expect(links).toHaveText([
    'SCORM 1.2 (.zip)',
    'SCORM 2004 4th edition (.zip)',
    'cmi5 (.zip)',
  ]);
  for (const href of await links.evaluateAll((as) =>
    as.map((a) => (a as HTMLAnchorElement).href),
  )) {
    const zip = await request.get(href);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  }
});

for (const kind of Object.keys(VERSIONS) as Kind[]) {
  test(`${kind}: a fate picked before the stepper is touched is recorded with no call refused`, async ({
    page,
    problems,
  }) => {
    problems.allow(/\[lms\]/);
    await onPlatform(page, kind, null, async (sco) => {
      await liveStepper(sco);
      const fate = sco.locator('#fate-picker input[type="radio"]').nth(2);
      await fate.scrollIntoViewIfNeeded();
      await fate.check();
      const picked = await fate.getAttribute('value');
      await expect
        .poll(async () => (await calls(page)).filter((x) => x[1].endsWith('.id')).length)
        .toBe(1);
      const all = await leave(page, kind);
      expect(all.filter((x) => x[3] === 'false')).toEqual([]);
      const place = JSON.parse(held(all, VERSIONS[kind].set)['cmi.suspend_data']!) as { f: string };
      expect(place.f).toBe(picked);
    });
  });
}
