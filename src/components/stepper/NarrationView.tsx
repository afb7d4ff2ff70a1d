import type { Narration } from '../../machines/narration.ts';
import s from './stepper.module.css';

/** The plain-words line for the step just taken, in a polite live region. */
export function NarrationView({ narration }: { narration: Narration }) {
  return (
    <div
      className={s.narration}
      aria-live="polite"
      aria-atomic="true"
      role="status"
      data-testid="narration"
    >
      {narration.member ? <p className={s.narrMember}>{narration.member}</p> : null}
      {narration.failed ? <p>{narration.failed}</p> : null}
      <p className={s.narrDetail}>{narration.detail}</p>
    </div>
  );
}
