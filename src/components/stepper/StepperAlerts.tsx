/**
 * What the stepper tells the learner beside the run: a link it could not follow, a state too
 * large for a link, which script is running, a simulator that did not load, and what a run
 * breaks (an invariant, one clock read).
 */
import type { Executor } from '../../scenario/types.ts';
import type { StepperEvent } from '../../stepper/machine/stepperMachine.ts';
import { VARIANT_LABELS } from '../../stepper/what-ifs/variants.ts';
import type { Variant } from '../../vocabulary/index.ts';
import { ChunkLoadError } from '../../loading/load-chunk.ts';
import { tooLargeNotice } from '../../scenario/share.ts';
import { reloadKeepingState } from '../error-boundary.tsx';
import s from './stepper.module.css';

/** Said to a reader without JavaScript, in place of the controls. */
export function NoScriptNotice() {
  return (
    <noscript>
      <p className={s.notice}>
        The stepper needs JavaScript: its controls run a simulated server in the page. With
        JavaScript off it shows the run&apos;s first step only.
      </p>
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
            The link said: <q className={s.echo}>{notice.echo}</q>
          </>
        ) : null}
      </span>
      <button type="button" className={s.button} onClick={onDismiss}>
        Dismiss
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
      {variant !== 'real' && script === null ? (
        <p className={`${s.variantBanner} ${s.flush}`} role="note">
          {VARIANT_LABELS[variant]}. Not the lesson&apos;s script: a what-if the stepper runs to
          show why the real script is written as it is. The listing shows its text, the edit marked.
        </p>
      ) : null}
      {script !== null ? (
        <p className={`${s.variantBanner} ${s.flush}`} role="note" data-testid="own-script">
          Your script is running, not the lesson&apos;s: the listing shows your text, the lines that
          differ from the lesson&apos;s marked.
          {executor === 'native' ? ' (The native twin runs its own handler.)' : ''}
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
            Reload the page
          </button>
        ) : null}
        <button
          type="button"
          className={s.button}
          onClick={() => send({ type: 'simulator.retry' })}
        >
          Retry
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
}

/** What the run at this step breaks or shows: a broken invariant, the clock read per member. */
export function RunNotes({ breaks, reads, scores }: RunNotesProps) {
  return (
    <>
      {breaks.length > 0 ? (
        <p className={`${s.broken} ${s.flush}`} role="alert">
          Broken invariant: {breaks.join(', ')} {breaks.length === 1 ? 'is' : 'are'} in active and
          in pending at once, so a worker can claim {breaks.length === 1 ? 'it' : 'them'} again
          while the old holder still extends the lease.
        </p>
      ) : null}
      {reads > 1 && scores.length <= 1 ? (
        <p className={`${s.hint} ${s.flush}`} data-testid="clock-reads">
          The server clock has been read {reads} times in this run, once per member. This
          stepper&apos;s server clock stands still at the scenario&apos;s time (as the tests freeze
          a real server&apos;s), so every read answers the same; on a live server each read is later
          than the one before, and the members&apos; deadlines drift apart.
        </p>
      ) : null}
      {scores.length > 1 ? (
        <p className={`${s.broken} ${s.flush}`} data-testid="drift">
          The scores drift: {scores.length} different deadlines so far, from {scores[0]} to{' '}
          {scores[scores.length - 1]} ({scores[scores.length - 1]! - scores[0]!} ms apart), where
          one clock read gives every member the same one.
        </p>
      ) : null}
    </>
  );
}
