import { useState } from 'react';
import { writeClipboard } from '../copy-button.tsx';
import s from './console.module.css';

/**
 * "Copy the EVALSHA command for this run": the run's own call (its script's SHA, the keys and
 * arguments), to paste at the console's prompt or a real redis-cli's. When the clipboard is
 * refused, the line is shown to copy by hand.
 */
export function CopyRunLine({ line }: { line: string }) {
  const [state, setState] = useState<{ said: string; shown: boolean } | null>(null);
  const copy = () => {
    writeClipboard(line).then(
      () => setState({ said: 'The EVALSHA command for this run was copied.', shown: false }),
      () => setState({ said: 'The clipboard was refused; copy the command:', shown: true }),
    );
  };
  return (
    <>
      <button type="button" className={s.button} onClick={copy}>
        Copy the EVALSHA command for this run
      </button>
      <span role="status" className={s.origin} data-testid="run-line-status">
        {state?.said ?? ''}
      </span>
      {state?.shown ? (
        <input
          readOnly
          value={line}
          aria-label="The EVALSHA command for this run"
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
    </>
  );
}
