/**
 * Turns the stepper machine's snapshots into the host messages of
 * {@link EmbedEventKind}: the widget is up, a step moved, the run reached its
 * reply, a prediction was made, the tally changed. Pure over the contexts it is
 * handed, so it is tested without a browser.
 */
import { isRightPick, tally, selectCurrentMember, type StepperContext } from '../stepper/index.ts';
import type { EmbedEmitter } from './host-events.ts';

/** The part of the stepper's context the events read. */
export type EventContext = Pick<
  StepperContext,
  'ix' | 'k' | 'picks' | 'executor' | 'scenario' | 'variant' | 'script'
>;

/**
 * A run's identity by what it ran, not by its object: the build's prerendered run and the
 * simulator's run of the same scenario are one run to a host, told once.
 */
function runKey(c: EventContext): string {
  return `${c.executor}|${c.variant}|${c.script ?? ''}|${JSON.stringify(c.scenario)}`;
}

/** The question id a prediction answers: the member's place in the lesson's list, never its id. */
export const predictionId = (member: number): string => `member-${member}`;

/**
 * Follows a stepper's contexts (hand it every snapshot's context, from the first one the
 * widget shows). `ready` waits for the run the widget shows, so it carries that run's `n`
 * (null when the run could not be made); then each (run, step) is told once, `completed` once
 * per run, and each new pick as `answered` with the tally after it. Ids travel as the
 * positions the lesson gives them: a member's index, never the id the learner chose.
 */
export function stepperEvents(emit: EmbedEmitter) {
  let ready = false;
  let prev: EventContext | null = null;
  let toldRun: string | null = null;
  let toldK = -1;
  let completedRun: string | null = null;
  let keyOf: { ix: unknown; key: string } | null = null;
  return (next: EventContext): void => {
    const ix = 'n' in next.ix ? next.ix : null;
    if (!ready) {
      // still loading the run the widget will show: nothing to tell yet
      if (!ix && !('status' in next.ix && next.ix.status === 'unavailable')) return;
      ready = true;
      emit('ready', { n: ix?.n ?? null });
    }
    const was = prev;
    prev = next;
    if (!ix) return;
    if (keyOf?.ix !== next.ix) keyOf = { ix: next.ix, key: runKey(next) };
    const run = keyOf.key;
    const sameRun = toldRun === run;
    if (!sameRun || toldK !== next.k) {
      toldRun = run;
      toldK = next.k;
      emit('step', { k: next.k, n: ix.n, member: selectCurrentMember(ix, next.k) });
    }
    if (next.k >= ix.n && completedRun !== run) {
      completedRun = run;
      emit('completed', { n: ix.n, executor: next.executor });
    }
    if (was !== null && sameRun && was.picks !== next.picks) {
      for (const [key, pick] of Object.entries(next.picks)) {
        const m = Number(key);
        if (was.picks[m] === pick) continue;
        const info = ix.members[m];
        if (!info) continue;
        emit('answered', {
          member: m,
          id: predictionId(m),
          answer: pick,
          right: isRightPick(pick, info),
        });
      }
      emit('tally', tally(ix, next.picks));
    }
  };
}

/** What {@link followStepper} needs of a stepper's actor. */
export interface FollowedActor {
  getSnapshot(): { context: EventContext & { predict: boolean } };
  subscribe(listener: () => void): unknown;
  send(event: { type: 'predict.set'; on: boolean }): void;
}

/**
 * Tells `emit` what a stepper does, from the state it opens at. The stepper reads its URL hash
 * in an effect of the same commit as the one that hands over its actor: following starts once
 * that has run (a microtask later), so the host hears of the run the widget shows, never the
 * default run before it, and `predict` (a setting) joins the state the hash names rather than
 * being undone by it.
 */
export function followStepper(actor: FollowedActor, emit: EmbedEmitter, predict = false): void {
  const follow = stepperEvents(emit);
  let started = false;
  let prev: EventContext | null = null;
  const see = () => {
    if (!started) return;
    const next = actor.getSnapshot().context;
    if (prev && prev.ix === next.ix && prev.k === next.k && prev.picks === next.picks) return;
    prev = next;
    follow(next);
  };
  actor.subscribe(see);
  queueMicrotask(() => {
    if (predict && !actor.getSnapshot().context.predict)
      actor.send({ type: 'predict.set', on: true });
    started = true;
    see();
  });
}
