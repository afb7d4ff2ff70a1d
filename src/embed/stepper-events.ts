/**
 * Turns the stepper machine's snapshots into the host messages of
 * {@link EmbedEventKind}: a step moved, the run reached its reply, a
 * prediction was made, the tally changed. Pure over (previous, next) context
 * pairs, so it is tested without a browser.
 */
import { tally, selectCurrentMember, type StepperContext } from '../stepper/index.ts';
import type { EmbedEmitter } from './host-events.ts';

/** The part of the stepper's context the events read. */
export type EventContext = Pick<StepperContext, 'ix' | 'k' | 'picks' | 'executor' | 'scenario'>;

/**
 * Emits what changed between `prev` and `next` (`prev` null on the first
 * snapshot: then only `ready`). `completed` is told once per run, the first
 * time its last step is reached.
 */
export function stepperEvents(emit: EmbedEmitter) {
  let completedRun: unknown = null;
  return (prev: EventContext | null, next: EventContext): void => {
    const ix = 'n' in next.ix ? next.ix : null;
    if (prev === null) {
      emit('ready', { n: ix?.n ?? null });
    }
    if (!ix) return;
    const runChanged = prev === null || prev.ix !== next.ix;
    if (runChanged || prev.k !== next.k) {
      const member = selectCurrentMember(ix, next.k);
      emit('step', {
        k: next.k,
        n: ix.n,
        member,
        id: member === null ? null : (ix.members[member]?.id ?? null),
      });
    }
    if (next.k >= ix.n && completedRun !== ix) {
      completedRun = ix;
      emit('completed', { n: ix.n, executor: next.executor });
    }
    if (prev !== null && prev.picks !== next.picks && !runChanged) {
      for (const [key, pick] of Object.entries(next.picks)) {
        const m = Number(key);
        if (prev.picks[m] === pick) continue;
        const info = ix.members[m];
        if (!info) continue;
        emit('answered', { member: m, id: info.id, answer: pick, right: pick === info.outcome });
      }
      emit('tally', tally(ix, next.picks));
    }
  };
}
