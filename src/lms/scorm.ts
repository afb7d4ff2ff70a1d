/**
 * The SCORM runtime (1.2 and 2004 4th edition): the lesson as one SCO. Loaded only when the
 * page is a SCORM package and a platform's API was found (see start.ts).
 *
 * - initialize once; status incomplete until the completion rule is met, then completed
 *   (passed / failed as well only when the platform holds a mastery score);
 * - a score only once predictions were made, from predict mode's tally;
 * - each prediction and each fate picked as an interaction;
 * - the learner's place in suspend data and the location, exit `suspend`;
 * - commit after a change that matters (completion, an answer, the score), and the place at
 *   most every `PLACE_EVERY_MS` (cadence.ts) while the learner steps, never on every step;
 * - on `pagehide`: session time, the place, commit, finish / terminate, once.
 * On a relaunch with entry `resume` the page opens at the saved place.
 */
import { bookmarkOf, decodePlace, encodePlace, type Place } from './place.ts';
import { followProgress, type Answer, type Score } from './progress.ts';

/** SCORM 1.2's API object (RTE §3.2). */
export interface Scorm12Api {
  LMSInitialize(arg: ''): string;
  LMSFinish(arg: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(arg: ''): string;
  LMSGetLastError(): string;
}

/** SCORM 2004's API object (RTE §3.1). */
export interface Scorm2004Api {
  Initialize(arg: ''): string;
  Terminate(arg: ''): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  Commit(arg: ''): string;
  GetLastError(): string;
}

/** The most interactions the lesson records in one attempt (SCORM 2004 requires room for 250). */
export const MAX_INTERACTIONS = 250;

/** What differs between the two versions: calls, element names, formats and limits. */
interface Dialect {
  initialize(): boolean;
  get(element: string): string;
  set(element: string, value: string): void;
  commit(): void;
  finish(): void;
  el: {
    entry: string;
    mode: string;
    location: string;
    suspend: string;
    exit: string;
    sessionTime: string;
    count: string;
  };
  locationLimit: number;
  suspendLimit: number;
  /**
   * marks the attempt begun (incomplete), unless the platform holds it done already; answers
   * whether it does (completion is then not told again)
   */
  begin(): boolean;
  complete(passed: boolean | null): void;
  score(s: Score, passing: number | null): void;
  /** the platform's mastery score as a fraction, or null */
  passing(): number | null;
  interaction(n: number, a: Answer): void;
  sessionTime(ms: number): string;
}

const pad = (n: number, width = 2) => String(Math.floor(n)).padStart(width, '0');

/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
export function timespan12(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.min(9999, Math.floor(cs / 360_000));
  const m = Math.floor(cs / 6000) % 60;
  const s = Math.floor(cs / 100) % 60;
  return `${pad(h, 4)}:${pad(m)}:${pad(s)}.${pad(cs % 100)}`;
}

/** SCORM 2004's timeinterval (ISO 8601 duration), PT#H#M#S with hundredths. */
export function timeInterval2004(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor(cs / 6000) % 60;
  const s = (cs % 6000) / 100;
  return `PT${h}H${m}M${s}S`;
}

/** SCORM 2004's time(second,10,0), local time with the offset: 2026-12-03T09:30:00. */
function timestamp2004(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** SCORM 1.2's CMITime, the time of day: 09:30:00. */
const time12 = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * SCORM 1.2's choice responses are single characters (RTE §3.4.2, cmi.interactions.n.student_response):
 * a prediction is `r` (re-scored) or `f` (failed); a fate is the letter of its place in the picker.
 */
function response12(a: Answer, fates: readonly string[]): string {
  if (a.id === 'fate') {
    const i = fates.indexOf(a.response);
    return i >= 0 && i < 26 ? String.fromCharCode(97 + i) : '';
  }
  return a.response === 'rescored' ? 'r' : 'f';
}

const isTrue = (r: string) => r === 'true';

function dialect12(api: Scorm12Api, fates: readonly string[]): Dialect {
  let mastery: number | null = null;
  const d: Dialect = {
    initialize: () => isTrue(api.LMSInitialize('')),
    get: (e) => api.LMSGetValue(e),
    set: (e, v) => void api.LMSSetValue(e, v),
    commit: () => void api.LMSCommit(''),
    finish: () => void api.LMSFinish(''),
    el: {
      entry: 'cmi.core.entry',
      mode: 'cmi.core.lesson_mode',
      location: 'cmi.core.lesson_location',
      suspend: 'cmi.suspend_data',
      exit: 'cmi.core.exit',
      sessionTime: 'cmi.core.session_time',
      count: 'cmi.interactions._count',
    },
    locationLimit: 255,
    suspendLimit: 4096,
    begin() {
      const status = d.get('cmi.core.lesson_status');
      if (status === '' || status === 'not attempted')
        d.set('cmi.core.lesson_status', 'incomplete');
      return status === 'completed' || status === 'passed' || status === 'failed';
    },
    complete(passed) {
      d.set('cmi.core.lesson_status', passed === null ? 'completed' : passed ? 'passed' : 'failed');
    },
    score(s) {
      // 1.2 has no scaled score: raw is a percentage, which the platform compares with its
      // mastery score (itself 0..100)
      d.set('cmi.core.score.min', '0');
      d.set('cmi.core.score.max', '100');
      d.set('cmi.core.score.raw', String(Math.round(s.scaled * 100)));
    },
    passing() {
      if (mastery !== null) return mastery;
      const raw = d.get('cmi.student_data.mastery_score');
      mastery = raw === '' || !Number.isFinite(Number(raw)) ? null : Number(raw) / 100;
      return mastery;
    },
    interaction(n, a) {
      const at = `cmi.interactions.${n}`;
      d.set(`${at}.id`, a.id);
      d.set(`${at}.type`, 'choice');
      d.set(`${at}.time`, time12(a.at));
      d.set(`${at}.student_response`, response12(a, fates));
      d.set(`${at}.result`, a.right === null ? 'neutral' : a.right ? 'correct' : 'wrong');
    },
    sessionTime: timespan12,
  };
  return d;
}

function dialect2004(api: Scorm2004Api): Dialect {
  const d: Dialect = {
    initialize: () => isTrue(api.Initialize('')),
    get: (e) => api.GetValue(e),
    set: (e, v) => void api.SetValue(e, v),
    commit: () => void api.Commit(''),
    finish: () => void api.Terminate(''),
    el: {
      entry: 'cmi.entry',
      mode: 'cmi.mode',
      location: 'cmi.location',
      suspend: 'cmi.suspend_data',
      exit: 'cmi.exit',
      sessionTime: 'cmi.session_time',
      count: 'cmi.interactions._count',
    },
    locationLimit: 1000,
    suspendLimit: 64_000,
    begin() {
      const status = d.get('cmi.completion_status');
      if (status === '' || status === 'unknown' || status === 'not attempted')
        d.set('cmi.completion_status', 'incomplete');
      return status === 'completed';
    },
    complete() {
      d.set('cmi.completion_status', 'completed');
    },
    score(s, passing) {
      d.set('cmi.score.scaled', String(s.scaled));
      d.set('cmi.score.raw', String(s.right));
      d.set('cmi.score.min', '0');
      d.set('cmi.score.max', String(s.predictable));
      // pass or fail only against the platform's own passing score
      if (passing !== null) d.set('cmi.success_status', s.scaled >= passing ? 'passed' : 'failed');
    },
    passing() {
      const raw = d.get('cmi.scaled_passing_score');
      return raw === '' || !Number.isFinite(Number(raw)) ? null : Number(raw);
    },
    interaction(n, a) {
      const at = `cmi.interactions.${n}`;
      d.set(`${at}.id`, `urn:x-batch-lease:${a.id}`);
      d.set(`${at}.type`, 'choice');
      d.set(`${at}.timestamp`, timestamp2004(a.at));
      d.set(`${at}.learner_response`, a.response);
      d.set(`${at}.result`, a.right === null ? 'neutral' : a.right ? 'correct' : 'incorrect');
    },
    sessionTime: timeInterval2004,
  };
  return d;
}

/** What the runtime is handed. */
export interface ScormLaunch {
  version: '1.2' | '2004';
  api: Scorm12Api | Scorm2004Api;
  /** the fate picker's fates in order (SCORM 1.2 answers by their letter) */
  fates: readonly string[];
  win?: Window;
  now?: () => number;
}

/**
 * Starts the SCO: answers false (and changes nothing) when the platform refuses to initialize.
 */
export function startScorm({
  version,
  api,
  fates,
  win = window,
  now = () => Date.now(),
}: ScormLaunch): boolean {
  const d =
    version === '1.2' ? dialect12(api as Scorm12Api, fates) : dialect2004(api as Scorm2004Api);
  if (!d.initialize()) {
    console.info('[lms] the platform did not initialize the lesson; it runs as the web lesson');
    return false;
  }
  const started = now();
  const mode = d.get(d.el.mode);
  // a review (or browse) attempt shows the lesson without changing what the platform recorded
  const recording = mode !== 'review' && mode !== 'browse';
  let count = Number(d.get(d.el.count)) || 0;
  // a platform that holds the attempt completed is not told so again (a resumed attempt)
  let done = false;

  const savePlace = (place: Place) => {
    const saved = encodePlace(place, d.suspendLimit);
    if (saved.dropped.length > 0)
      console.info(
        `[lms] the place did not fit the platform's ${d.suspendLimit} characters; left out: ${saved.dropped.join(', ')}`,
      );
    d.set(d.el.suspend, saved.data);
    // no bookmark (the stepper has written no state yet, or it does not fit): the location is
    // left as it is, since a platform may refuse an empty one (scorm-again does, 406) and the
    // suspend data holds the place anyway
    const bookmark = bookmarkOf(place, d.locationLimit);
    if (bookmark !== '') d.set(d.el.location, bookmark);
  };

  const progress = followProgress(
    {
      completed() {
        if (!recording || done) return;
        const passing = d.passing();
        const score = progress.score;
        d.complete(passing === null || !score ? null : score.scaled >= passing);
        savePlace(progress.place());
        d.commit();
      },
      answered(a) {
        if (!recording || count >= MAX_INTERACTIONS) return;
        d.interaction(count++, a);
        savePlace(progress.place());
        d.commit();
      },
      scored(s) {
        if (!recording) return;
        const passing = d.passing();
        d.score(s, passing);
        if (version === '1.2' && progress.completed && passing !== null)
          d.complete(s.scaled >= passing);
        d.commit();
      },
      save(place) {
        savePlace(place);
        d.commit();
      },
      leave(place) {
        d.set(d.el.sessionTime, d.sessionTime(now() - started));
        savePlace(place);
        d.set(d.el.exit, 'suspend');
        d.commit();
        d.finish();
      },
    },
    win,
  );

  if (recording) done = d.begin();
  const entry = d.get(d.el.entry);
  if (entry === 'resume') {
    const place =
      decodePlace(d.get(d.el.suspend)) ??
      (d.get(d.el.location).startsWith('#') ? { hash: d.get(d.el.location), fate: null } : null);
    if (place) progress.restore(place);
  }
  // suspend from the start: a session that ends without our pagehide still resumes
  d.set(d.el.exit, 'suspend');
  d.commit();
  return true;
}
