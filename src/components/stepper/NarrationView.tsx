import { memo } from 'react';
import type { Narration } from '../../stepper/index.ts';
import { IsolatedText } from '../isolated-text.tsx';
import s from './stepper.module.css';

/** The plain-words line for the step just taken, in a polite live region. */
export const NarrationView = memo(function NarrationView({ narration }: { narration: Narration }) {
  return (
    <div
      className={s.narration}
      aria-live="polite"
      aria-atomic="true"
      role="status"
      data-testid="narration"
    >
      {/* ids and values the learner or a link chose are each a <bdi> */}
      {narration.member ? (
        <p className={s.narrMember}>
          <IsolatedText text={narration.member} />
        </p>
      ) : null}
      {narration.failed ? (
        <p>
          <IsolatedText text={narration.failed} />
        </p>
      ) : null}
      <p className={s.narrDetail}>
        <IsolatedText text={narration.detail} />
      </p>
    </div>
  );
}, sameNarration);

// narrate() builds a new object each step; the words are what matter
function sameNarration(a: { narration: Narration }, b: { narration: Narration }): boolean {
  const x = a.narration;
  const y = b.narration;
  return x.member === y.member && x.failed === y.failed && x.detail === y.detail;
}
