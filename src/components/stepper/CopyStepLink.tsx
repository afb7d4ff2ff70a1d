import { stepperWords as T } from '../../../content/stepper.ts';
import { CopyWithFallback } from '../copy-with-fallback.tsx';
import s from './stepper.module.css';

const CLASSES = { button: s.button, status: s.hint, field: s.input };

/**
 * "Copy link to this step": the page's address with the stepper's whole state in the hash
 * (scenario, executor, step, variant, predict mode and picks, speed, compare). When the
 * clipboard is refused, the link is shown to copy by hand.
 */
export function CopyStepLink({ link }: { link: () => string }) {
  return (
    <span className={s.row}>
      <CopyWithFallback
        text={link}
        words={T.copyLink}
        classes={CLASSES}
        statusTestId="copy-link-status"
      />
    </span>
  );
}
