import { stepperWords as T } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import {
  type RunIndex,
  latestFeedback,
  tally,
  type Prediction,
  type StepperEvent,
} from '../../stepper/index.ts';
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
  const feedback = latestFeedback(ix, k, picks, awaiting);
  const t = tally(ix, picks);
  const info = awaiting !== null ? ix.members[awaiting] : null;
  return (
    <section className={s.predict} aria-label={T.predict.region}>
      {info ? (
        <>
          <p className={s.flush}>
            <strong>{fill(T.predict.ask, { n: info.member + 1 })}</strong>{' '}
            <span className={s.mono}>
              {fill(T.predict.member, { id: info.id, token: info.token ?? '' })}
            </span>
            {T.predict.question}
          </p>
          <div className={s.row}>
            <button
              type="button"
              className={s.button}
              onClick={() => send({ type: 'predict.choose', choice: 'rescored' })}
            >
              {T.predict.rescored}
            </button>
            <button
              type="button"
              className={s.button}
              onClick={() => send({ type: 'predict.choose', choice: 'failed' })}
            >
              {T.predict.failed}
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
          <strong>{fill(T.predict.tally, { right: t.right, total: t.total })}</strong>
          {t.total < t.predictable
            ? fill(T.predict.skipped, { count: t.predictable - t.total })
            : ''}
          .
        </p>
      ) : null}
      {!info && !feedback && k < ix.n ? (
        <p className={`${s.muted} ${s.flush}`}>{T.predict.stepOn}</p>
      ) : null}
    </section>
  );
}
