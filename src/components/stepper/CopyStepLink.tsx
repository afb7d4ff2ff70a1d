import { stepperWords as T } from '../../../content/stepper.ts';
import { useState } from 'react';
import { writeClipboard } from '../copy-button.tsx';
import s from './stepper.module.css';

/**
 * "Copy link to this step": the page's address with the stepper's whole state in the hash
 * (scenario, executor, step, variant, predict mode and picks, speed, compare). When the
 * clipboard is refused, the link is shown to copy by hand.
 */
export function CopyStepLink({ link }: { link: () => string }) {
  const [state, setState] = useState<{ said: string; url: string | null } | null>(null);
  const copy = () => {
    const url = link();
    writeClipboard(url).then(
      () => setState({ said: T.copyLink.copied, url: null }),
      () => setState({ said: T.copyLink.refused, url }),
    );
  };
  return (
    <span className={s.row}>
      <button type="button" className={s.button} onClick={copy}>
        {T.copyLink.button}
      </button>
      <span role="status" className={s.hint} data-testid="copy-link-status">
        {state?.said ?? ''}
      </span>
      {state?.url ? (
        <input
          className={s.input}
          readOnly
          value={state.url}
          aria-label={T.copyLink.field}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
    </span>
  );
}
