import { InlineText } from '../inline-text.tsx';
import { type FateAnswers, epochLine, stateFacts, stepLink } from '../../fates/picker.ts';
import { AnswerCell } from './AnswerCell.tsx';
import { BullmqCell } from './BullmqCell.tsx';
import { bullmqFateWords, bullmqWords } from '../../../content/bullmq.ts';
import { pickerWords as W } from '../../../content/fates.ts';
import { reconstructedWords } from '../../../content/reconstructed.ts';
import { ReconstructedNote } from '../reconstructed-note.tsx';
import { reasonOfError } from '@batch-lease/echomq';
import { fill } from '../../content/template.ts';
import styles from './fate-picker.module.css';

const BW = bullmqWords.fate;

/** Brings the page's stepper into view after a "step it" link, unless some of it is in view. */
function revealStepper() {
  requestAnimationFrame(() => {
    const stepper = document.getElementById('stepper');
    if (!stepper) return;
    // a stepper already partly in view stays put: only one out of sight moves
    const { top, bottom } = stepper.getBoundingClientRect();
    if (top < window.innerHeight && bottom > 0) return;
    stepper.scrollIntoView({ block: 'start' });
  });
}

/** Everything one fate shows: its state, the 2×2 of answers, the epoch line, why, and "step it". */
export function FatePanel({
  answers,
  id,
  lessonUrl = null,
}: {
  answers: FateAnswers;
  id: string;
  /** where the stepper is when it is not on this page (an embed): "Step it" opens it there */
  lessonUrl?: string | null;
}) {
  const { fate, cells } = answers;
  const epoch = epochLine(answers);
  const link = stepLink(fate);
  // an answer in one of the single script's wire classes, which EchoMQ's material names in part
  const wireClass = Object.values(cells).some((c) =>
    [c.verb, c.raw].some((r) => r.code !== null && reasonOfError(r.code) !== null),
  );
  return (
    <div className={styles.panel} id={id} data-fate={fate.id}>
      <dl className={styles.state} aria-label={W.stateRegion}>
        {stateFacts(fate).map((f) => (
          <div key={f.name}>
            <dt>{f.name}</dt>
            <dd>
              <InlineText text={f.value} />
            </dd>
          </div>
        ))}
      </dl>
      <div className={styles.gridWrap}>
        <table className={styles.grid}>
          <caption className="sr-only">{fill(W.gridCaption, { fate: fate.label })}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">
                {W.columns.script.name} <span className={styles.sub}>{W.columns.script.sub}</span>
              </th>
              <th scope="col">
                {W.columns.native.name} <span className={styles.sub}>{W.columns.native.sub}</span>
              </th>
              <th scope="col">
                {BW.heading} <span className={styles.sub}>{BW.sub}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">
                {W.rowHeads.single.name} <span className={styles.sub}>{W.rowHeads.single.sub}</span>
              </th>
              <AnswerCell cell={cells['single.script']} />
              <AnswerCell cell={cells['single.native']} />
              <BullmqCell run={answers.bullmq?.single ?? null} script="extendLock" row="single" />
            </tr>
            <tr>
              <th scope="row">
                {W.rowHeads.batch.name} <span className={styles.sub}>{W.rowHeads.batch.sub}</span>
              </th>
              <AnswerCell cell={cells['batch.script']} />
              <AnswerCell cell={cells['batch.native']} />
              <BullmqCell run={answers.bullmq?.batch ?? null} script="extendLocks" row="batch" />
            </tr>
          </tbody>
        </table>
      </div>
      <p className={styles.epoch} data-part="epoch" data-stamped={epoch.stamped}>
        <code>lease_epoch</code>: <InlineText text={epoch.text} />
      </p>
      {wireClass ? (
        <ReconstructedNote note={reconstructedWords.wireClasses} className={styles.why} />
      ) : null}
      <p className={styles.why} data-part="why">
        <InlineText text={fate.why} />
      </p>
      <p className={styles.why} data-part="bullmq-why">
        <strong>{BW.heading}:</strong> <InlineText text={bullmqFateWords[fate.id].why} />
      </p>
      <p className={styles.step}>
        {link.href !== null ? (
          <a
            className={styles.stepIt}
            href={`${lessonUrl ?? ''}${link.href}`}
            {...(lessonUrl === null
              ? { onClick: revealStepper }
              : { target: '_blank', rel: 'noopener' })}
          >
            <span aria-hidden="true">▸</span> {W.stepIt}
            <span className="sr-only">{fill(W.stepItMeans, { fate: fate.label })}</span>
          </a>
        ) : (
          <span className={styles.noStep} data-part="no-step">
            {fill(W.noStep, { refused: link.refused })}
          </span>
        )}
      </p>
    </div>
  );
}
