import { useState } from 'react';
import { writeClipboard } from '../copy-button.tsx';
import { consoleWords as T } from '../../../content/console.ts';
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
      () => setState({ said: T.runLine.copied, shown: false }),
      () => setState({ said: T.runLine.refused, shown: true }),
    );
  };
  return (
    <>
      <button type="button" className={s.button} onClick={copy}>
        {T.runLine.button}
      </button>
      <span role="status" className={s.origin} data-testid="run-line-status">
        {state?.said ?? ''}
      </span>
      {state?.shown ? (
        <input
          readOnly
          value={line}
          aria-label={T.runLine.field}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : null}
    </>
  );
}
