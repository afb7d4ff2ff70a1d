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

/** the two picks, in the order their buttons stand */
const PICKS: readonly Prediction[] = ['rescored', 'failed'];

export interface PredictPanelProps {
  ix: RunIndex;
  k: number;
  picks: Record<number, Prediction>;
  /** the member awaiting a pick, or null */
  awaiting: number | null;
  send: (e: StepperEvent) => void;
}

/**
 * Predict mode: pick a verdict before it is revealed, hear which check decided, and a tally.
 * The box has one height whatever it says (step on, the question, the feedback, the tally at the
 * end): its words run in one block, the question's buttons beside them, so the state region's
 * tables under it stand still through the walk.
 */
export function PredictPanel({ ix, k, picks, awaiting, send }: PredictPanelProps) {
  const feedback = latestFeedback(ix, k, picks, awaiting);
  const t = tally(ix, picks);
  const info = awaiting !== null ? ix.members[awaiting] : null;
  const ended = k >= ix.n && t.total > 0;
  return (
    <section className={s.predict} aria-label={T.predict.region}>
      <p className={s.predictWords}>
        {info ? (
          <>
            <strong>{fill(T.predict.ask, { n: info.member + 1 })}</strong>{' '}
            <span className={s.predictId}>
              {fill(T.predict.member, { id: info.id, token: info.token ?? '' })}
            </span>
            {T.predict.question}
          </>
        ) : null}
        {/* at the end the tally leads, the last member's feedback after it in the same lines */}
        {ended ? (
          <span data-testid="predict-tally">
            <strong>{fill(T.predict.tally, { right: t.right, total: t.total })}</strong>
            {t.total < t.predictable
              ? fill(T.predict.skipped, { count: t.predictable - t.total })
              : ''}
            .{feedback ? ' ' : ''}
          </span>
        ) : null}
        {feedback ? (
          <span
            className={feedback.right ? s.ok : s.bad}
            role="status"
            data-testid="predict-feedback"
          >
            {feedback.text}
          </span>
        ) : null}
        {!info && !feedback && k < ix.n ? (
          <span className={s.muted}>{T.predict.stepOn}</span>
        ) : null}
      </p>
      {info ? (
        <div className={s.predictPicks}>
          {PICKS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={s.button}
              onClick={() => send({ type: 'predict.choose', choice })}
            >
              {T.predict[choice]}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
