import type { RunIndex } from '../../stepper/runs/run-index.ts';
import { latestFeedback, tally } from '../../stepper/machine/predict.ts';
import type { Prediction, StepperEvent } from '../../stepper/machine/stepperMachine.ts';
import s from './stepper.module.css';

export interface PredictPanelProps {
  ix: RunIndex;
  k: number;
  picks: Record<number, Prediction>;
  /** the member awaiting a pick, or null */
  awaiting: number | null;
  send: (e: StepperEvent) => void;
}

/** Predict mode: pick a verdict before it is revealed, hear which check decided, and a tally. */
export function PredictPanel({ ix, k, picks, awaiting, send }: PredictPanelProps) {
  const feedback = latestFeedback(ix, k, picks);
  const t = tally(ix, picks);
  const info = awaiting !== null ? ix.members[awaiting] : null;
  return (
    <section className={s.predict} aria-label="Predict mode">
      {info ? (
        <>
          <p className={s.flush}>
            <strong>Predict member {info.member + 1}</strong>{' '}
            <span className={s.mono}>
              {info.id} · token {info.token}
            </span>
            : re-scored, or failed?
          </p>
          <div className={s.row}>
            <button
              type="button"
              className={s.button}
              onClick={() => send({ type: 'predict.choose', choice: 'rescored' })}
            >
              Re-scored
            </button>
            <button
              type="button"
              className={s.button}
              onClick={() => send({ type: 'predict.choose', choice: 'failed' })}
            >
              Failed
            </button>
          </div>
        </>
      ) : null}
      {feedback ? (
        <p
          className={`${feedback.right ? s.ok : s.bad} ${s.flush}`}
          role="status"
          data-testid="predict-feedback"
        >
          {feedback.text}
        </p>
      ) : null}
      {k >= ix.n && t.total > 0 ? (
        <p className={s.flush} data-testid="predict-tally">
          <strong>
            Tally: {t.right} of {t.total} predicted right
          </strong>
          {t.total < t.predictable ? ` (${t.predictable - t.total} skipped)` : ''}.
        </p>
      ) : null}
      {!info && !feedback && k < ix.n ? (
        <p className={`${s.muted} ${s.flush}`}>
          Step on: the stepper stops before each verdict and asks for your prediction.
        </p>
      ) : null}
    </section>
  );
}
