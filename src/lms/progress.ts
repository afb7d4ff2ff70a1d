/**
 * What a platform is told, kept in one place for the SCORM and cmi5 runtimes: whether the
 * completion rule is met, the score from predict mode, each answer, and the learner's place.
 */
import type { EmbedEventDetail } from '../embed/host-events.ts';
import { FATE_PARAM } from '../fates/picker.ts';
import { PLACE_EVERY_MS } from './cadence.ts';
import { followLesson } from './lesson-events.ts';
import { whenLeaving } from '../loading/index.ts';
import type { Place } from './place.ts';

/** One answer, as a platform records an interaction. */
export interface Answer {
  /** the lesson's id for the question: `member-<index>` (a prediction) or `fate` */
  id: string;
  /** the learner's choice: `rescored` / `failed`, or a fate's id */
  response: string;
  /** right or wrong for a prediction; null for a fate, which has no right answer */
  right: boolean | null;
  at: Date;
}

/** A score from predict mode: the predictions right out of the verdicts the run had to predict. */
export interface Score {
  right: number;
  predictable: number;
  /** right / predictable, 0..1 */
  scaled: number;
}

/** The score a tally gives, or null when the learner made no prediction. */
export function scoreOf(t: EmbedEventDetail['tally']): Score | null {
  if (t.total === 0 || t.predictable === 0) return null;
  const scaled = Math.round((t.right / t.predictable) * 10_000) / 10_000;
  return { right: t.right, predictable: t.predictable, scaled: Math.min(1, scaled) };
}

/** What the runtimes are told as the learner goes. */
export interface ProgressListener {
  /** the completion rule was met (once) */
  completed(): void;
  answered(a: Answer): void;
  scored(s: Score): void;
  /** the place moved with the steps: save it (at most every {@link PLACE_EVERY_MS}) */
  save(place: Place): void;
  /** the page is going away (`pagehide`): the last place, told once, and nothing after it */
  leave(place: Place): void;
}

/**
 * Follows the page for a runtime: the completion rule is "a run of the batch script reached its
 * reply" (the stepper's `completed` with the script executor), told once; the place is saved
 * at most every {@link PLACE_EVERY_MS} while the learner steps, and told once more on `pagehide`.
 */
export function followProgress(on: ProgressListener, win: Window = window) {
  const state = { completed: false, fate: null as string | null, score: null as Score | null };
  let left = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const place = (): Place => ({ hash: win.location.hash, fate: state.fate });
  const leave = () => {
    if (left) return;
    left = true;
    if (timer !== null) clearTimeout(timer);
    stop();
    unlisten();
    on.leave(place());
  };
  const stop = followLesson(
    {
      completed: (d) => {
        if (state.completed || d.executor !== 'script') return;
        state.completed = true;
        on.completed();
      },
      answered: (d) => {
        if (d.id === 'fate') state.fate = d.answer;
        on.answered({ id: d.id, response: d.answer, right: d.right, at: new Date() });
      },
      tally: (d) => {
        const score = scoreOf(d);
        if (!score) return;
        state.score = score;
        on.scored(score);
      },
      step: () => {
        if (timer !== null) return;
        timer = setTimeout(() => {
          timer = null;
          if (!left) on.save(place());
        }, PLACE_EVERY_MS);
      },
    },
    win.document,
  );
  // the place is read from the hash, which the stepper writes its last step into as the page
  // goes: read after it, whichever of the two started first
  const unlisten = whenLeaving('read', leave, win);
  return {
    get completed() {
      return state.completed;
    },
    get score() {
      return state.score;
    },
    /**
     * Ends the session now, as `pagehide` would (the last place, told once): for a learner who
     * leaves by the runtime's own way out before the page goes.
     */
    leave,
    /** where the learner is now */
    place,
    /**
     * Opens the page at the place the platform kept (a relaunch), which then counts as the
     * learner's: its fate is the one saved again. Nothing once the session has ended.
     */
    restore(saved: Place) {
      if (left) return;
      state.fate = saved.fate;
      restorePlace(saved, win);
    },
  };
}

/**
 * Opens the page at `place`: the hash the stepper reads (it follows `hashchange`) and the fate
 * in the query the fate picker reads, without a new history entry.
 */
function restorePlace(place: Place, win: Window): void {
  const url = new URL(win.location.href);
  if (place.fate) url.searchParams.set(FATE_PARAM, place.fate);
  url.hash = place.hash;
  win.history.replaceState(win.history.state, '', url);
  win.dispatchEvent(new HashChangeEvent('hashchange'));
}
