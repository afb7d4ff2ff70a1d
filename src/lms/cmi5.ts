/**
 * The cmi5 runtime: the lesson as one AU, through `@xapi/cmi5` (which fetches the token once,
 * reads LMS.LaunchData and the learner's preferences, and builds every statement with the
 * registration, the context template and, for the cmi5-defined ones, the cmi5 category).
 * Loaded only when the page is a cmi5 package launched with the five launch parameters.
 *
 * - `initialized` at start; `completed` when the completion rule is met, in Normal mode only
 *   and once per registration (cmi5 §9.3.3);
 * - `passed` / `failed` only in Normal mode, only when LaunchData holds a mastery score, once the
 *   rule is met and a score exists, judged against that score: `passed` once per registration
 *   (§9.3.4), `failed` again only for a new score;
 * - in Browse and Review mode no cmi5-defined statement but `initialized` and `terminated`
 *   (§10.2.2): the answers, which are cmi5-allowed statements, still go;
 * - each prediction and each fate picked as a cmi5-allowed `answered` statement;
 * - the learner's place, and what this registration was told already, in the State API (read
 *   at start: a relaunch opens there);
 * - `terminated` on `pagehide`, last: what still waits to be sent goes in the same request,
 *   which outlives the page (fetch keepalive), and nothing is sent after it, even if the page
 *   stays open (a page kept in the back-forward cache and shown again);
 * - when LaunchData holds a `returnURL`, a "Back to your course" link in the course bar ends the
 *   session as `pagehide` would and then sends the window there (§10.2.6).
 */
import Cmi5, { type LaunchParameters } from '@xapi/cmi5';
import type { Statement } from '@xapi/xapi';
import type { AxiosPromise } from 'axios';
import { outbox } from './outbox.ts';
import { returnUrlOf, showReturnLink } from './return-link.ts';
import { decodePlace, encodePlace, type Place } from './place.ts';
import { followProgress, type Score } from './progress.ts';

/** The State API document that holds the learner's place. */
export const PLACE_STATE_ID = 'https://w3id.org/xapi/cmi5/batch-lease/place';
/** A State document is not capped by the standard; the place is kept to this many characters. */
const PLACE_LIMIT = 64_000;
const XAPI_VERSION = '1.0.3';

/** What this registration was told already: `completed` and `passed` go once per registration. */
interface Told {
  completed: boolean;
  passed: boolean;
}

const sent = (ids: string[]) => Promise.resolve({ data: ids }) as unknown as AxiosPromise<string[]>;

/**
 * The library's AU, with an end: once the session is ending, its statements are gathered and
 * sent with `terminated` in one request that outlives the page (fetch keepalive; the library's
 * own request would be cancelled with the page), and after that none is sent at all.
 */
class SessionAu extends Cmi5 {
  private last: Statement[] | null = null;
  private over = false;

  override sendXapiStatement(statement: Statement, options?: object): AxiosPromise<string[]> {
    if (this.over) return sent([]);
    if (this.last) {
      this.last.push(statement);
      return sent([statement.id ?? '']);
    }
    return super.sendXapiStatement(statement, options);
  }

  /** true once the session is ending: statements are gathered for the last request */
  get ending(): boolean {
    return this.last !== null;
  }

  /** from now on statements wait for the session's last request */
  beginEnding(): void {
    this.last ??= [];
  }

  /** sends what was gathered and `terminated` after it, in one request; then nothing more */
  end(): void {
    if (this.over) return;
    this.beginEnding();
    void this.terminate();
    const last = this.last!;
    this.over = true;
    void keepalive(this, 'POST', 'statements', JSON.stringify(last));
  }
}

/** One request to the LRS that survives the page's unload. */
function keepalive(
  au: Cmi5,
  method: 'POST' | 'PUT',
  resource: string,
  body: string,
  query?: Record<string, string>,
): Promise<Response> {
  const { endpoint } = au.getLaunchParameters();
  const url = new URL(resource, endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return fetch(url, {
    method,
    keepalive: true,
    headers: {
      Authorization: `Basic ${au.getAuthToken()}`,
      'Content-Type': 'application/json',
      'X-Experience-API-Version': XAPI_VERSION,
    },
    body,
  });
}

/** The launch parameters of the page's URL (cmi5 §8.1). */
export function launchParametersOf(search: string): LaunchParameters {
  const p = new URLSearchParams(search);
  return {
    endpoint: p.get('endpoint') ?? '',
    fetch: p.get('fetch') ?? '',
    actor: JSON.parse(p.get('actor') ?? 'null') as LaunchParameters['actor'],
    registration: p.get('registration') ?? '',
    activityId: p.get('activityId') ?? '',
  };
}

/** LaunchData's mastery score (a decimal 0..1, cmi5 §10.2.4), or null when it holds none. */
function masteryOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

const scoreOf = (s: Score) => ({ scaled: s.scaled, raw: s.right, min: 0, max: s.predictable });

/** Starts the AU. Failures are the platform's to show; the lesson itself works on. */
export async function startCmi5({ win = window }: { win?: Window } = {}): Promise<void> {
  const params = launchParametersOf(win.location.search);
  const au = new SessionAu(params);
  await au.initialize();
  const launch = au.getLaunchData();
  // Browse and Review record nothing that judges the learner
  const normal = launch.launchMode === 'Normal';
  const mastery = masteryOf(launch.masteryScore);
  const returnUrl = returnUrlOf(launch.returnURL);
  const stateParams = {
    agent: params.actor,
    activityId: params.activityId,
    registration: params.registration,
    stateId: PLACE_STATE_ID,
  };
  const xapi = au.xapi!;
  const told: Told = { completed: false, passed: false };
  let failedAt: number | null = null;
  // statements and state writes go out one after another, in the order the learner made them
  const box = outbox((e: unknown) => console.info('[lms] the LRS refused:', e));
  const stateOf = (place: Place) => ({
    ...(JSON.parse(encodePlace(place, PLACE_LIMIT).data) as object),
    told: { ...told },
  });
  const savePlace = (place: Place) => {
    const state = stateOf(place);
    // once the session is ending, the last place goes with the last request instead
    box.send(() => (au.ending ? Promise.resolve() : xapi.setState({ ...stateParams, state })));
  };
  // pass or fail only against the platform's mastery score, with a score, once the rule is met
  // (in this session or an earlier one of the registration)
  const judge = () => {
    const score = progress.score;
    if (!normal || mastery === null || !score || told.passed) return;
    if (!progress.completed && !told.completed) return;
    if (score.scaled >= mastery) {
      told.passed = true;
      box.send(() => au.pass(scoreOf(score)));
    } else if (failedAt !== score.scaled) {
      failedAt = score.scaled;
      box.send(() => au.fail(scoreOf(score)));
    } else return;
    savePlace(progress.place());
  };

  const progress = followProgress(
    {
      completed() {
        if (normal && !told.completed) {
          told.completed = true;
          box.send(() => au.complete());
        }
        judge();
        savePlace(progress.place());
      },
      answered(a) {
        const test = a.id === 'fate' ? 'fates' : 'predictions';
        box.send(() =>
          au.interactionChoice(
            test,
            a.id,
            [a.response],
            undefined,
            undefined,
            undefined,
            undefined,
            a.right === null ? undefined : a.right,
          ),
        );
        savePlace(progress.place());
      },
      scored() {
        judge();
      },
      save: savePlace,
      // the session ends: what waits goes now, with terminated last, in requests that outlive
      // the page; nothing after
      leave(place) {
        au.beginEnding();
        box.end();
        // the same document the State API calls address, its agent as the query carries it
        void keepalive(au, 'PUT', 'activities/state', JSON.stringify(stateOf(place)), {
          ...stateParams,
          agent: JSON.stringify(stateParams.agent),
        });
        au.end();
      },
    },
    win,
  );

  // the platform's way back: the session ends (terminated, last), then the window goes there
  if (returnUrl !== null) showReturnLink(win, returnUrl, progress.leave);

  // a relaunch in the same registration opens where the learner left, and knows what it told
  try {
    const saved = (await xapi.getState(stateParams)).data as unknown;
    const place = decodePlace(typeof saved === 'string' ? saved : JSON.stringify(saved));
    const before = (saved as { told?: Partial<Told> } | null)?.told;
    told.completed ||= before?.completed === true;
    told.passed ||= before?.passed === true;
    // a place that comes after the session ended (a slow LRS) opens nothing
    if (place) progress.restore(place);
  } catch {
    // no saved place (404): a first launch
  }
}
