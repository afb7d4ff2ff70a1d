import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PACKAGE_PATH, startPlatform } from './fixtures/platform-host.ts';
import { predictToReply } from './fixtures/stepper-page.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The cmi5 package with a loopback platform: the fetch URL hands out a token, an LRS keeps the
 * statements, the state (LMS.LaunchData, the AU's own place) and the agent profile. Every
 * statement it receives is validated as xAPI (@learninglocker/xapi-validation) and checked for
 * the cmi5 rules, in Normal and in Browse mode.
 */
const validate = (
  createRequire(import.meta.url)('@learninglocker/xapi-validation') as {
    default: (s: unknown) => unknown[];
  }
).default;

const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const VERB = (v: string) => `http://adlnet.gov/expapi/verbs/${v}`;
const AU = 'urn:x-batch-lease:extension/au';
const REGISTRATION = '9a3e0c6e-6a4b-4b43-9f34-3a1a7c2f1b10';
const ACTOR = {
  objectType: 'Agent',
  account: { homePage: 'https://lms.example', name: 'learner-7' },
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The platform's side: what it was asked and what it holds. */
function lms(mode: 'Normal' | 'Browse') {
  const heard = { fetches: 0, statements: [] as Json[], state: new Map<string, string>() };
  heard.state.set(
    'LMS.LaunchData',
    JSON.stringify({
      contextTemplate: {
        contextActivities: { grouping: [{ objectType: 'Activity', id: 'urn:x-lms:course-1' }] },
        extensions: { [SESSION]: 'session-1' },
      },
      launchMode: mode,
      moveOn: 'Completed',
    }),
  );
  const handle = (req: IncomingMessage, res: ServerResponse, body: string): boolean => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, data?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(data === undefined ? '' : JSON.stringify(data));
    };
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
      json(
        200,
        list.map((s) => s.id),
      );
      return true;
    }
    if (resource === 'activities/state') {
      const id = url.searchParams.get('stateId') ?? '';
      if (req.method === 'GET') {
        const held = heard.state.get(id);
        if (held === undefined) json(404);
        else json(200, JSON.parse(held));
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
  return { heard, handle };
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
  const defined = ['initialized', 'completed', 'passed', 'failed', 'terminated'].map(VERB);
  if (defined.includes(s.verb.id)) {
    expect(s.object.id).toBe(AU);
    expect(categories).toContain(CMI5);
  } else {
    // a cmi5-allowed statement never claims the cmi5 category
    expect(categories).not.toContain(CMI5);
  }
}

for (const mode of ['Normal', 'Browse'] as const) {
  test(`cmi5 (${mode}): token once, statements valid and in order, place kept, terminated on pagehide`, async ({
    page,
    problems,
  }) => {
    // the LRS answers 404 for documents it does not hold (the place on a first launch, the
    // learner's preferences), as the xAPI says
    problems.allow(/\[lms\]|the server responded with a status of 404/);
    const platform = lms(mode);
    const host = await startPlatform('cmi5', '<!doctype html><title>LMS</title>', platform.handle);
    try {
      const origin = host.url;
      const launch = (extra = '') =>
        `${origin}${PACKAGE_PATH}/index.html?${new URLSearchParams({
          endpoint: `${origin}/lrs/`,
          fetch: `${origin}/lms/fetch`,
          actor: JSON.stringify(ACTOR),
          registration: REGISTRATION,
          activityId: AU,
        })}${extra}`;
      await page.goto(launch());
      const stepper = page.locator('[data-stepper]').first();
      await expect(stepper.locator('fieldset[data-live]')).toBeAttached();
      await expect
        .poll(() => platform.heard.statements.map((s) => s.verb.id))
        .toEqual([VERB('initialized')]);
      await stepper.getByRole('checkbox', { name: /Predict mode/ }).check();
      const counter = stepper.getByTestId('step-counter');
      const { predictions } = await predictToReply(stepper, () => 'failed');
      expect(predictions).toBeGreaterThan(0);
      const leftAt = Number(/step (\d+) of/.exec((await counter.textContent())!)![1]);
      const answered = VERB('answered');
      await expect
        .poll(() => platform.heard.statements.filter((s) => s.verb.id === answered).length)
        .toBe(predictions);
      await page.goto('about:blank');
      await expect.poll(() => platform.heard.statements.at(-1)?.verb.id).toBe(VERB('terminated'));

      const verbs = platform.heard.statements.map((s) => s.verb.id.split('/').pop());
      expect(verbs[0]).toBe('initialized');
      expect(verbs.at(-1)).toBe('terminated');
      expect(verbs.filter((v) => v === 'completed')).toHaveLength(mode === 'Normal' ? 1 : 0);
      // no mastery score in LaunchData: never passed or failed
      expect(verbs.filter((v) => v === 'passed' || v === 'failed')).toEqual([]);
      for (const s of platform.heard.statements) checkCmi5(s);
      const completed = platform.heard.statements.find((s) => s.verb.id === VERB('completed'));
      if (completed) {
        expect(completed.result.completion).toBe(true);
        expect(completed.context.contextActivities.category.map((c: Json) => c.id)).toContain(
          MOVEON,
        );
      }
      const first = platform.heard.statements.find((s) => s.verb.id === answered)!;
      expect(first.object.id).toBe(`${AU}/test/predictions/question/member-0`);
      expect(first.result.response).toBe('failed');
      expect(platform.heard.fetches).toBe(1);

      // a relaunch in the same registration opens where the learner left
      await page.goto(launch());
      const again = page.locator('[data-stepper]').first();
      await expect(again.getByTestId('step-counter')).toHaveText(new RegExp(`^step ${leftAt} of`));
      expect(platform.heard.fetches).toBe(2);
    } finally {
      // the page leaves before the platform goes, so nothing it still fetches is refused
      await page.goto('about:blank');
      await host.close();
    }
  });
}
