/**
 * The cmi5 runtime: the lesson as one AU, through `@xapi/cmi5` (which fetches the token once,
 * reads LMS.LaunchData and the learner's preferences, and builds every statement with the
 * registration, the context template and, for the cmi5-defined ones, the cmi5 category).
 * Loaded only when the page is a cmi5 package launched with the five launch parameters.
 *
 * - `initialized` at start; `completed` when the completion rule is met, in Normal mode only;
 *   `passed` / `failed` only when LaunchData holds a mastery score, once a score exists;
 * - each prediction and each fate picked as a cmi5-allowed `answered` statement;
 * - the learner's place in the State API (read at start: a relaunch opens there);
 * - `terminated` on `pagehide`, sent with a request that outlives the page (fetch keepalive),
 *   the place saved the same way just before.
 */
import Cmi5, { type LaunchParameters } from '@xapi/cmi5';
import type { Statement } from '@xapi/xapi';
import type { AxiosPromise } from 'axios';
import { decodePlace, encodePlace, type Place } from './place.ts';
import { followProgress, restorePlace, type Score } from './progress.ts';

/** The State API document that holds the learner's place. */
export const PLACE_STATE_ID = 'https://w3id.org/xapi/cmi5/batch-lease/place';
/** A State document is not capped by the standard; the place is kept to this many characters. */
const PLACE_LIMIT = 64_000;
const XAPI_VERSION = '1.0.3';

/**
 * The library's AU, with one change: once the page is going away, statements go out with
 * fetch keepalive, since the library's own request would be cancelled with the page.
 */
class LeavingSafeCmi5 extends Cmi5 {
  leaving = false;

  override sendXapiStatement(statement: Statement, options?: object): AxiosPromise<string[]> {
    if (!this.leaving) return super.sendXapiStatement(statement, options);
    void keepalive(this, 'POST', 'statements', JSON.stringify(statement));
    return Promise.resolve({ data: [statement.id ?? ''] }) as unknown as AxiosPromise<string[]>;
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

const scoreOf = (s: Score) => ({ scaled: s.scaled, raw: s.right, min: 0, max: s.predictable });

/** Starts the AU. Failures are the platform's to show; the lesson itself works on. */
export async function startCmi5({ win = window }: { win?: Window } = {}): Promise<void> {
  const params = launchParametersOf(win.location.search);
  const au = new LeavingSafeCmi5(params);
  await au.initialize();
  const launch = au.getLaunchData();
  const normal = launch.launchMode === 'Normal';
  const mastery = typeof launch.masteryScore === 'number' ? launch.masteryScore : null;
  const stateParams = {
    agent: params.actor,
    activityId: params.activityId,
    registration: params.registration,
    stateId: PLACE_STATE_ID,
  };
  const xapi = au.xapi!;
  let judged = false;
  // statements go out one after another, in the order the learner made them
  let queue: Promise<unknown> = Promise.resolve();
  const send = (what: () => Promise<unknown>) => {
    queue = queue.then(what).catch((e: unknown) => console.info('[lms] the LRS refused:', e));
  };
  const savePlace = (place: Place) => {
    const { data } = encodePlace(place, PLACE_LIMIT);
    send(() => xapi.setState({ ...stateParams, state: JSON.parse(data) as object }));
  };
  // pass or fail, once, only against the platform's mastery score and only with a score
  const judge = (score: Score | null) => {
    if (!normal || judged || mastery === null || !score || !progress.completed) return;
    judged = true;
    send(() => (score.scaled >= mastery ? au.pass(scoreOf(score)) : au.fail(scoreOf(score))));
  };

  const progress = followProgress(
    {
      completed() {
        if (normal) send(() => au.complete());
        judge(progress.score);
        savePlace(progress.place());
      },
      answered(a) {
        const test = a.id === 'fate' ? 'fates' : 'predictions';
        send(() =>
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
      scored(s) {
        judge(s);
      },
      save: savePlace,
      // what is sent now must outlive the page: the place and the statements go with fetch keepalive
      leave(place) {
        au.leaving = true;
        const { data } = encodePlace(place, PLACE_LIMIT);
        void keepalive(au, 'PUT', 'activities/state', data, {
          activityId: params.activityId,
          agent: JSON.stringify(params.actor),
          registration: params.registration,
          stateId: PLACE_STATE_ID,
        });
        void au.terminate();
      },
    },
    win,
  );

  // a relaunch in the same registration opens where the learner left
  try {
    const saved = (await xapi.getState(stateParams)).data as unknown;
    const place = decodePlace(typeof saved === 'string' ? saved : JSON.stringify(saved));
    if (place && !progress.left) {
      progress.restored(place);
      restorePlace(place, win);
    }
  } catch {
    // no saved place (404): a first launch
  }
}
