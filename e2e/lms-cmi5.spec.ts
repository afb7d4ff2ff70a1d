import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from '@playwright/test';
import { PACKAGE_PATH, startPlatform, type Platform } from './fixtures/platform-host.ts';
import {
  allRight,
  liveStepper,
  mostlyWrong,
  walkPredicting,
  type Answering,
} from './fixtures/lms-walk.ts';
import { expect, test } from './fixtures/test.ts';
import { holdBack } from './fixtures/hold.ts';

/**
 * The cmi5 package with a loopback platform: the fetch URL hands out a token, an LRS keeps the
 * statements, the state (LMS.LaunchData, the AU's own place) and the agent profile. Every
 * statement it receives is validated as xAPI (@learninglocker/xapi-validation) and checked for
 * the cmi5 rules, in Normal, Browse and Review mode, with and without a mastery score.
 */
const validate = (
  createRequire(import.meta.url)('@learninglocker/xapi-validation') as {
    default: (s: unknown) => unknown[];
  }
).default;

const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const VERB = (v: string) => `http://adlnet.gov/expapi/verbs/${v}`;
const AU = 'urn:x-batch-lease:extension/au';
const REGISTRATION = '9a3e0c6e-6a4b-4b43-9f34-3a1a7c2f1b10';
const ACTOR = {
  objectType: 'Agent',
  account: { homePage: 'https://lms.example', name: 'learner-7' },
};
/** The cmi5-defined verbs an AU may send (§9.3); only the first and last in Browse and Review. */
const DEFINED = ['initialized', 'completed', 'passed', 'failed', 'terminated'];

type Mode = 'Normal' | 'Browse' | 'Review';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The platform's side: what it was asked and what it holds. */
function lms(mode: Mode, masteryScore?: number) {
  const heard = {
    fetches: 0,
    statements: [] as Json[],
    state: new Map<string, string>(),
    /** while true, the LRS takes statements in but answers none (a slow LRS) */
    holding: false,
    held: [] as (() => void)[],
    /** while true, the LRS holds its answer to the AU's own state (the place) */
    holdingPlace: false,
  };
  heard.state.set(
    'LMS.LaunchData',
    JSON.stringify({
      contextTemplate: {
        contextActivities: { grouping: [{ objectType: 'Activity', id: 'urn:x-lms:course-1' }] },
        extensions: { [SESSION]: 'session-1' },
      },
      launchMode: mode,
      moveOn: masteryScore === undefined ? 'Completed' : 'CompletedAndPassed',
      ...(masteryScore === undefined ? {} : { masteryScore }),
    }),
  );
  const handle = (req: IncomingMessage, res: ServerResponse, body: string): boolean => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, data?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(data === undefined ? '' : JSON.stringify(data));
    };
    if (url.pathname === '/lms/return') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Back at the LMS</title><h1>Your course</h1>');
      return true;
    }
    if (url.pathname === '/lms/fetch' && req.method === 'POST') {
      heard.fetches++;
      json(200, { 'auth-token': Buffer.from('au:secret').toString('base64') });
      return true;
    }
    if (!url.pathname.startsWith('/lrs/')) return false;
    const resource = url.pathname.slice('/lrs/'.length);
    if (resource === 'statements' && (req.method === 'POST' || req.method === 'PUT')) {
      const got = JSON.parse(body) as Json | Json[];
      const list = Array.isArray(got) ? got : [got];
      heard.statements.push(...list);
      const answer = () =>
        json(
          200,
          list.map((s) => s.id),
        );
      if (heard.holding) heard.held.push(answer);
      else answer();
      return true;
    }
    if (resource === 'activities/state') {
      const id = url.searchParams.get('stateId') ?? '';
      if (req.method === 'GET') {
        const answer = () => {
          const held = heard.state.get(id);
          if (held === undefined) json(404);
          else json(200, JSON.parse(held));
        };
        if (heard.holdingPlace && id !== 'LMS.LaunchData') heard.held.push(answer);
        else answer();
      } else {
        heard.state.set(id, body);
        json(204);
      }
      return true;
    }
    if (resource === 'agents/profile') {
      json(404);
      return true;
    }
    json(400, { error: `no ${req.method} ${resource}` });
    return true;
  };
  const release = () => {
    heard.holding = false;
    heard.holdingPlace = false;
    for (const answer of heard.held.splice(0)) answer();
  };
  return { heard, handle, release };
}

/** The cmi5 rules every statement of this AU must keep (cmi5 §9). */
function checkCmi5(s: Json) {
  expect(validate(s), JSON.stringify(s)).toEqual([]);
  expect(s.actor).toEqual(ACTOR);
  expect(s.context.registration).toBe(REGISTRATION);
  // the context template is carried whole
  expect(s.context.extensions[SESSION]).toBe('session-1');
  expect(s.context.contextActivities.grouping).toEqual([
    { objectType: 'Activity', id: 'urn:x-lms:course-1' },
  ]);
  const categories = (s.context.contextActivities.category ?? []).map((c: Json) => c.id);
  if (DEFINED.map(VERB).includes(s.verb.id)) {
    expect(s.object.id).toBe(AU);
    expect(categories).toContain(CMI5);
  } else {
    // a cmi5-allowed statement never claims the cmi5 category
    expect(categories).not.toContain(CMI5);
  }
}

const verbsOf = (statements: Json[]) => statements.map((s) => s.verb.id.split('/').pop());

/** Opens the package on the platform, as the LMS launches it, and waits for `initialized`. */
async function launch(page: Page, host: Platform, platform: ReturnType<typeof lms>) {
  const origin = host.url;
  const sessions = verbsOf(platform.heard.statements).filter((v) => v === 'initialized').length;
  await page.goto(
    `${origin}${PACKAGE_PATH}/index.html?${new URLSearchParams({
      endpoint: `${origin}/lrs/`,
      fetch: `${origin}/lms/fetch`,
      actor: JSON.stringify(ACTOR),
      registration: REGISTRATION,
      activityId: AU,
    })}`,
  );
  const stepper = await liveStepper(page);
  await expect
    .poll(() => verbsOf(platform.heard.statements).filter((v) => v === 'initialized').length)
    .toBe(sessions + 1);
  return stepper;
}

/** The learner leaves; the session's statements, once `terminated` has come. */
async function leave(page: Page, platform: ReturnType<typeof lms>): Promise<Json[]> {
  await page.goto('about:blank');
  await expect.poll(() => verbsOf(platform.heard.statements).at(-1)).toBe('terminated');
  for (const s of platform.heard.statements) checkCmi5(s);
  return platform.heard.statements;
}

/**
 * Serves the package from a platform in `mode` (with a mastery score, if given) while `body`
 * runs; the page leaves before the platform goes, so nothing it still fetches is refused.
 */
async function onPlatform(
  page: Page,
  mode: Mode,
  masteryScore: number | undefined,
  body: (platform: ReturnType<typeof lms>, host: Platform) => Promise<void>,
  launchData: (origin: string) => Json = () => ({}),
) {
  const platform = lms(mode, masteryScore);
  const host = await startPlatform('cmi5', '<!doctype html><title>LMS</title>', platform.handle);
  // what LaunchData holds beyond the mode, which may name the platform's own address
  const data = JSON.parse(platform.heard.state.get('LMS.LaunchData')!) as Json;
  platform.heard.state.set('LMS.LaunchData', JSON.stringify({ ...data, ...launchData(host.url) }));
  try {
    await body(platform, host);
  } finally {
    await host.close(page);
  }
}

// the LRS answers 404 for documents it does not hold (the place on a first launch, the
// learner's preferences), as the xAPI says
const ALLOWED = /\[lms\]|the server responded with a status of 404/;

// Review runs with a mastery score and every prediction right, a score that passes it: still
// nothing that judges (no completed, passed or failed). It was a test of its own, which walked
// the same Review session again for that one assertion.
const allFailed: Answering = () => 'failed';
for (const [mode, mastery, answering] of [
  ['Normal', undefined, allFailed],
  ['Browse', undefined, allFailed],
  ['Review', 0.8, allRight],
] as const) {
  test(`cmi5 (${mode}${mastery ? `, mastery score ${mastery}` : ''}): token once, statements valid and in order, place kept, terminated on pagehide`, async ({
    page,
    problems,
  }) => {
    problems.allow(ALLOWED);
    await onPlatform(page, mode, mastery, async (platform, host) => {
      const stepper = await launch(page, host, platform);
      expect(verbsOf(platform.heard.statements)).toEqual(['initialized']);
      const { k: leftAt, predictions } = await walkPredicting(stepper, answering);
      expect(predictions).toBeGreaterThan(0);
      const answered = VERB('answered');
      await expect
        .poll(() => platform.heard.statements.filter((s) => s.verb.id === answered).length)
        .toBe(predictions);
      const statements = await leave(page, platform);
      const verbs = verbsOf(statements);
      expect(verbs[0]).toBe('initialized');
      expect(verbs.filter((v) => v === 'terminated')).toHaveLength(1);
      // Normal records completion; Browse and Review send no cmi5-defined statement but the
      // first and the last (cmi5 §10.2.2)
      expect(verbs.filter((v) => DEFINED.includes(v))).toEqual(
        mode === 'Normal'
          ? ['initialized', 'completed', 'terminated']
          : ['initialized', 'terminated'],
      );
      const completed = statements.find((s) => s.verb.id === VERB('completed'));
      if (completed) {
        expect(completed.result.completion).toBe(true);
        expect(completed.context.contextActivities.category.map((c: Json) => c.id)).toContain(
          MOVEON,
        );
      }
      const first = statements.find((s) => s.verb.id === answered)!;
      expect(first.object.id).toBe(`${AU}/test/predictions/question/member-0`);
      expect(first.result.response).toBe(answering(0));
      expect(platform.heard.fetches).toBe(1);

      // a relaunch in the same registration opens where the learner left, and reaching the
      // reply again completes nothing twice (cmi5 §9.3.3: one completed per registration)
      const again = await launch(page, host, platform);
      await expect(again.getByTestId('step-counter')).toHaveText(new RegExp(`^step ${leftAt} of`));
      expect(platform.heard.fetches).toBe(2);
      await again.getByRole('button', { name: 'First step', exact: true }).click();
      await again.getByRole('button', { name: 'Last step', exact: true }).click();
      await expect(again.getByTestId('step-counter')).toHaveText(/^step (\d+) of \1$/);
      const both = await leave(page, platform);
      expect(verbsOf(both).filter((v) => v === 'completed')).toHaveLength(
        mode === 'Normal' ? 1 : 0,
      );
    });
  });
}

// The platform's mastery score (LaunchData.masteryScore) decides: passed at or above it, failed
// below, with the score and the mastery score in the statement (cmi5 §9.3.4, §9.3.5, §9.6.3.2).
for (const [outcome, answering] of [
  ['passed', allRight],
  ['failed', mostlyWrong],
] as const) {
  test(`cmi5 (Normal, mastery score 0.8): a learner who scores ${outcome === 'passed' ? 'at or above' : 'below'} it has ${outcome}`, async ({
    page,
    problems,
  }) => {
    problems.allow(ALLOWED);
    await onPlatform(page, 'Normal', 0.8, async (platform, host) => {
      const stepper = await launch(page, host, platform);
      await walkPredicting(stepper, answering);
      await expect
        .poll(() => verbsOf(platform.heard.statements).filter((v) => v === outcome).length)
        .toBe(1);
      const statements = await leave(page, platform);
      expect(verbsOf(statements).filter((v) => DEFINED.includes(v))).toEqual([
        'initialized',
        'completed',
        outcome,
        'terminated',
      ]);
      const verdict = statements.find((s) => s.verb.id === VERB(outcome))!;
      expect(verdict.result.success).toBe(outcome === 'passed');
      expect(verdict.context.extensions[MASTERY]).toBe(0.8);
      expect(verdict.context.contextActivities.category.map((c: Json) => c.id)).toContain(MOVEON);
      const { scaled, raw, max } = verdict.result.score as {
        scaled: number;
        raw: number;
        max: number;
      };
      expect(raw).toBe(Math.round(scaled * max));
      if (outcome === 'passed') expect(scaled).toBeGreaterThanOrEqual(0.8);
      else expect(scaled).toBeLessThan(0.8);
    });
  });
}

test('cmi5: terminated is the last statement, with what was still waiting before it, and nothing follows it while the page stays open', async ({
  page,
  problems,
}) => {
  problems.allow(ALLOWED);
  await onPlatform(page, 'Normal', undefined, async (platform, host) => {
    const stepper = await launch(page, host, platform);
    // a slow LRS: the answers queue up behind the first, unanswered
    platform.heard.holding = true;
    const { predictions } = await walkPredicting(stepper, allRight);
    expect(predictions).toBeGreaterThan(1);
    // the page is hidden (as when the learner goes on and the browser keeps the page to come
    // back to): the session ends, and the page stays open
    await page.evaluate(() =>
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })),
    );
    await expect.poll(() => verbsOf(platform.heard.statements).at(-1)).toBe('terminated');
    platform.release();
    // the learner keeps going in the open page: back to the first step, and a fate picked
    await stepper.getByRole('button', { name: 'First step', exact: true }).click();
    await expect(stepper.getByTestId('step-counter')).toHaveText(/^step 0 of/);
    const fates = page.locator('#fate-picker input[type="radio"]');
    const shown = await fates.evaluateAll(
      (all) => all.find((f) => (f as HTMLInputElement).checked)?.getAttribute('value') ?? '',
    );
    const fate = fates.and(page.locator(`:not([value="${shown}"])`)).first();
    const picked = (await fate.getAttribute('value'))!;
    await fate.scrollIntoViewIfNeeded();
    await fate.check();
    await page.goto('about:blank');
    // a relaunch: the new session's first statement follows the old one's terminated directly,
    // and it opens where the old session ended, not where the learner went after it
    const again = await launch(page, host, platform);
    const verbs = verbsOf(platform.heard.statements);
    const end = verbs.indexOf('terminated');
    expect(verbs.slice(end, end + 2)).toEqual(['terminated', 'initialized']);
    expect(verbs.slice(0, end).filter((v) => v === 'answered')).toHaveLength(predictions);
    await expect(again.getByTestId('step-counter')).toHaveText(/^step (\d+) of \1$/);
    await expect(page.locator(`#fate-picker input[value="${shown}"]`)).toBeChecked();
    await expect(page.locator(`#fate-picker input[value="${picked}"]`)).not.toBeChecked();
    for (const s of platform.heard.statements) checkCmi5(s);
  });
});

for (const openFirst of [false, true]) {
  test(`cmi5: a relaunch replays the console lines the learner typed when the place comes after the stepper is up, the console ${openFirst ? 'opened' : 'closed'} meanwhile`, async ({
    page,
    consoleIn,
    problems,
  }) => {
    problems.allow(ALLOWED);
    await onPlatform(page, 'Normal', undefined, async (platform, host) => {
      const stepper = await launch(page, host, platform);
      for (let i = 0; i < 2; i++)
        await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
      await stepper.getByTestId('console-toggle').click();
      await consoleIn(stepper).run('SET kept-between-sessions 1');
      await leave(page, platform);
      // the LRS is slow with the place: the lesson is up, at its first step, before it comes
      platform.heard.holdingPlace = true;
      const again = await launch(page, host, platform);
      const toggle = again.getByTestId('console-toggle');
      const log = again.getByRole('log', { name: 'Console output' });
      await expect(again.getByTestId('step-counter')).toHaveText(/^step 0 of/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      if (openFirst) {
        await toggle.click();
        await expect(log).toContainText('Connected to the simulated');
      }
      platform.release();
      await expect(again.getByTestId('step-counter')).toHaveText(/^step 2 of/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(log).toContainText('SET kept-between-sessions 1');
      await expect(again.getByTestId('console-origin')).toContainText('step 2');
    });
  });
}

test('cmi5: a console line the learner saw echoed but left before its answer is in the place, and runs on relaunch', async ({
  page,
  consoleIn,
  problems,
}) => {
  problems.allow(ALLOWED);
  // the simulator's worker is slow to start: its file does not come in the first session
  // (the first session's request is gone with its page by then)
  const worker = /\/assets\/console-worker-[\w-]+\.js$/;
  const release = await holdBack(page, worker);
  await onPlatform(page, 'Normal', undefined, async (platform, host) => {
    const stepper = await launch(page, host, platform);
    await stepper.getByTestId('console-toggle').click();
    const input = consoleIn(stepper).input;
    await input.fill('SET typed-before-answer 1');
    await input.press('Enter');
    const log = stepper.getByRole('log', { name: 'Console output' });
    await expect(log).toContainText('SET typed-before-answer 1');
    await expect(log).not.toContainText('Connected to the simulated');
    // the place is saved as the page goes, the line's answer still to come
    await leave(page, platform);
    // on relaunch it comes only once the console has reopened on the line, from the place alone
    // (the newest route of a URL answers first)
    const releaseAgain = await holdBack(page, worker);
    release();
    const again = await launch(page, host, platform);
    await expect(again.getByTestId('console-toggle')).toHaveAttribute('aria-expanded', 'true');
    const back = consoleIn(again);
    await expect(back.log).toContainText('SET typed-before-answer 1');
    releaseAgain();
    // the line runs once the worker is up, its answer after its echo; the next line is typed
    // only then, as redis-cli sends a line only after the last one's answer (one typed sooner
    // stays in the input, and the console says why)
    await expect(back.log.locator('[data-kind="output"]')).toHaveText(['OK']);
    await back.run('GET typed-before-answer');
    await expect(back.log.locator('[data-kind="output"]').last()).toHaveText('"1"');
  });
});

test('cmi5: the platform’s returnURL is a way back in the course bar: the session ends, then the page goes there', async ({
  page,
  problems,
}) => {
  problems.allow(ALLOWED);
  await onPlatform(
    page,
    'Normal',
    undefined,
    async (platform, host) => {
      const stepper = await launch(page, host, platform);
      await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
      const back = page.getByRole('banner').getByRole('link', { name: 'Back to your course' });
      await expect(back).toBeVisible();
      await expect(back).toHaveAttribute('href', `${host.url}/lms/return`);
      await back.click();
      await expect(page).toHaveTitle('Back at the LMS');
      expect(page.url()).toBe(`${host.url}/lms/return`);
      // the session ended before the page went: terminated, once and last
      await expect.poll(() => verbsOf(platform.heard.statements).at(-1)).toBe('terminated');
      const verbs = verbsOf(platform.heard.statements);
      expect(verbs.filter((v) => v === 'terminated')).toHaveLength(1);
      for (const s of platform.heard.statements) checkCmi5(s);
    },
    (origin) => ({ returnURL: `${origin}/lms/return` }),
  );
});

test('cmi5: no way back without a returnURL, nor for one a page may not be sent to', async ({
  page,
  problems,
}) => {
  problems.allow(ALLOWED);
  for (const returnURL of [undefined, 'javascript:alert(1)']) {
    await onPlatform(
      page,
      'Normal',
      undefined,
      async (platform, host) => {
        await launch(page, host, platform);
        await expect(page.getByRole('link', { name: 'Back to your course' })).toHaveCount(0);
      },
      () => ({ returnURL }),
    );
  }
});

test('cmi5: "Copy link to this step" in a launched package leaves out who the learner is', async ({
  page,
  context,
  problems,
}) => {
  problems.allow(ALLOWED);
  await onPlatform(page, 'Normal', undefined, async (platform, host) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.url });
    const stepper = await launch(page, host, platform);
    await stepper.getByRole('button', { name: 'Forward one line', exact: true }).click();
    expect(page.url()).toContain('registration=');
    await stepper.getByRole('button', { name: 'Copy link to this step' }).click();
    await expect(stepper.getByTestId('copy-link-status')).toHaveText('Link copied');
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect([...link.searchParams.keys()]).toEqual([]);
    expect(link.href).not.toContain('learner-7');
    expect(link.hash).toMatch(/^#stepper\?.*k=1/);
  });
});
