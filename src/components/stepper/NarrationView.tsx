import { memo, type RefObject } from 'react';
import type { Narration } from '../../stepper/index.ts';
import { IsolatedText } from '../isolated-text.tsx';
import { MoreBelowCue, MoreBelowEnd } from './MoreBelow.tsx';
import s from './stepper.module.css';
import { useMoreBelow } from './use-more-below.ts';

/**
 * The plain-words line for the step just taken, in a polite live region. React renders it for
 * the step a run opens at; the steps after are written by the step writer (`step-writer.ts`),
 * so the three paragraphs are always there, an empty one hidden, and the caller keys
 * `NarrationParts` by the run so React never patches what the writer wrote. The paragraphs stand
 * in one block of their own (`[data-words]`), which the writer owns: a step's new words are new
 * paragraphs in it, never old ones pushed down by a longer line above them. Words longer than
 * the box (a what-if's step in a short frame) scroll inside it, under a cue that says so.
 */
export const NarrationView = memo(function NarrationView({
  narration,
  shown,
  ref,
}: {
  narration: Narration;
  /** changes when React renders the narration anew (a new run): the paragraphs are remade */
  shown: number;
  ref: RefObject<HTMLDivElement | null>;
}) {
  useMoreBelow(ref);
  return (
    <div
      ref={ref}
      className={s.narration}
      aria-live="polite"
      aria-atomic="true"
      role="status"
      data-testid="narration"
    >
      <MoreBelowCue />
      <NarrationParts key={shown} narration={narration} />
      <MoreBelowEnd />
    </div>
  );
}, sameNarration);

/** The three paragraphs; ids and values the learner or a link chose are each a <bdi>. */
function NarrationParts({ narration }: { narration: Narration }) {
  return (
    <div data-words="">
      <p className={s.narrMember} data-part="member" hidden={!narration.member}>
        {narration.member ? <IsolatedText text={narration.member} /> : null}
      </p>
      <p data-part="failed" hidden={!narration.failed}>
        {narration.failed ? <IsolatedText text={narration.failed} /> : null}
      </p>
      <p className={s.narrDetail} data-part="detail">
        <IsolatedText text={narration.detail} />
      </p>
    </div>
  );
}

// narrate() builds a new object each render; the words are what matter
function sameNarration(
  a: { narration: Narration; shown: number },
  b: { narration: Narration; shown: number },
): boolean {
  const x = a.narration;
  const y = b.narration;
  return (
    a.shown === b.shown && x.member === y.member && x.failed === y.failed && x.detail === y.detail
  );
}
