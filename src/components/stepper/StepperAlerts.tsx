/**
 * What the stepper tells the learner beside the run: a link it could not follow, a state too
 * large for a link, whose script the stepper is on, a simulator that did not load, and what a run
 * breaks (an invariant, one clock read).
 */
import { memo, useRef } from 'react';
import { SCRIPT_TICK_MICROS, type Executor, tooLargeNotice } from '../../scenario/index.ts';
import { stepperWords as T } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import { runsWhatIf, type StepperEvent, VARIANT_LABELS } from '../../stepper/index.ts';
import type { Variant } from '../../vocabulary/index.ts';
import { ChunkLoadError } from '../../loading/index.ts';
import { reloadKeepingState } from '../error-boundary.tsx';
import { MoreBelowCue, MoreBelowEnd } from './MoreBelow.tsx';
import s from './stepper.module.css';
import { useMoreBelow } from './use-more-below.ts';

/** Said to a reader without JavaScript, in place of the controls. */
export function NoScriptNotice() {
  return (
    <noscript>
      <p className={s.notice}>{T.noScript}</p>
    </noscript>
  );
}

/** A link the stepper could not follow as written: what it did instead, and what the link said. */
export function LinkNotice({
  notice,
  onDismiss,
}: {
  notice: { text: string; echo: string | null };
  onDismiss: () => void;
}) {
  return (
    <div className={s.notice} role="alert">
      <span>
        {notice.text}
        {notice.echo ? (
          <>
            {' '}
            {T.alerts.linkSaid} <q className={s.echo}>{notice.echo}</q>
          </>
        ) : null}
      </span>
      <button type="button" className={s.button} onClick={onDismiss}>
        {T.alerts.dismiss}
      </button>
    </div>
  );
}

/** The stepper's state is too large for its link, so the link keeps less of it. */
export function TooLargeNote({ what }: { what: string }) {
  return (
    <p className={`${s.hint} ${s.flush}`} role="status" data-testid="too-large">
      {tooLargeNotice(what)}
    </p>
  );
}

/** Which script runs when it is not the lesson's: a what-if, or the learner's own. */
export function ScriptBanner({
  variant,
  script,
  executor,
}: {
  variant: Variant;
  script: string | null;
  executor: Executor;
}) {
  return (
    <>
      {runsWhatIf(variant, script) ? (
        <p className={`${s.variantBanner} ${s.whatIfBanner} ${s.flush}`} role="note">
          {fill(T.alerts.whatIfBanner, { variant: VARIANT_LABELS[variant] })}{' '}
          {/* a short stage shows the first sentence only: the room is the step's words' */}
          <span className={s.bannerWhy}>{T.alerts.whatIfBannerWhy}</span>
        </p>
      ) : null}
      {script !== null ? (
        <p className={`${s.variantBanner} ${s.flush}`} role="note" data-testid="own-script">
          {T.alerts.ownScript}
          {executor === 'native' ? T.alerts.ownScriptNative : ''}
        </p>
      ) : null}
    </>
  );
}

/** The simulator did not load: why, in plain words, and the way out (Retry, or a reload). */
export function SimulatorFailed({
  error,
  reason,
  send,
}: {
  error: Error;
  reason: string;
  send: (e: StepperEvent) => void;
}) {
  return (
    <div className={s.notice} role="alert" data-testid="simulator-failed">
      <span>{reason}</span>
      <span className={s.row}>
        {error instanceof ChunkLoadError && error.kind === 'gone' ? (
          <button type="button" className={s.button} onClick={reloadKeepingState}>
            {T.alerts.reload}
          </button>
        ) : null}
        <button
          type="button"
          className={s.button}
          onClick={() => send({ type: 'simulator.retry' })}
        >
          {T.alerts.retry}
        </button>
      </span>
    </div>
  );
}

/**
 * A link's script held back, not run: the link says it reached a limit of the simulator when it
 * last ran, or that the learner stopped it. Why, in plain words (`reason`, the machine's; the
 * script itself is in the editor), and the two ways on.
 */
export function HeldScript({ reason, send }: { reason: string; send: (e: StepperEvent) => void }) {
  return (
    <div className={s.notice} role="alert" data-testid="script-held">
      <span>{reason}</span>
      <span className={s.row}>
        <button type="button" className={s.button} onClick={() => send({ type: 'held.run' })}>
          {T.alerts.runAgain}
        </button>
        <button type="button" className={s.button} onClick={() => send({ type: 'held.drop' })}>
          {T.alerts.dropScript}
        </button>
      </span>
    </div>
  );
}

/** A run the chosen executor cannot make (the native twin on a learner's script), and why. */
export function RunUnavailable({ reason }: { reason: string }) {
  return (
    <div className={s.notice} role="status" data-testid="native-unavailable">
      {reason}
    </div>
  );
}

export interface RunNotesProps {
  /** members in active and in pending at once */
  breaks: readonly string[];
  /** how many times the run has read the server clock so far */
  reads: number;
  /** the distinct deadlines written so far, lowest first */
  scores: readonly number[];
  /** the microseconds part of the latest clock read (TIME's second string), if any */
  micros: string | null;
}

/**
 * What the run must say beside its narration, in a box of its own that is always there (so
 * an alert never moves the regions): a broken invariant or that it holds, and for a run that reads the
 * clock more than once, what a real Redis 7.0 does (every TIME in a script reads the system
 * clock afresh, so the reads move on: modelled here, and said so) and, once the reads cross a
 * millisecond, that the members' deadlines drift apart. A long note (the clock's, in a box of two
 * or three lines) scrolls inside the box, under a cue that says there is more.
 */
export const RunNotes = memo(function RunNotes({ breaks, reads, scores, micros }: RunNotesProps) {
  const modelled = fill(T.runNotes.modelled, { tick: SCRIPT_TICK_MICROS });
  const box = useRef<HTMLDivElement>(null);
  useMoreBelow(box);
  return (
    <div
      ref={box}
      className={s.notes}
      role="region"
      aria-label={T.stage.notes}
      data-testid="run-notes"
    >
      <MoreBelowCue />
      {breaks.length > 0 ? (
        <p className={`${s.broken} ${s.flush}`} role="alert">
          {fill(breaks.length === 1 ? T.runNotes.brokenOne : T.runNotes.brokenMany, {
            ids: breaks.join(', '),
          })}
        </p>
      ) : (
        <p className={s.holds}>{T.stage.invariantHolds}</p>
      )}
      {reads > 1 && scores.length <= 1 ? (
        <p className={`${s.hint} ${s.flush}`} data-testid="clock-reads">
          {fill(T.runNotes.clockReads, {
            reads,
            latest: micros === null ? '' : fill(T.runNotes.latest, { micros }),
            modelled,
          })}
        </p>
      ) : null}
      {scores.length > 1 ? (
        <p className={`${s.broken} ${s.flush}`} data-testid="drift">
          {fill(T.runNotes.drift, {
            count: scores.length,
            first: scores[0]!,
            last: scores[scores.length - 1]!,
            gap: scores[scores.length - 1]! - scores[0]!,
            modelled,
          })}
        </p>
      ) : null}
      <MoreBelowEnd />
    </div>
  );
});
