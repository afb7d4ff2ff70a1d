import { CopyWithFallback } from '../copy-with-fallback.tsx';
import { consoleWords as T } from '../../../content/console.ts';
import { LabelHead } from '../label-head.tsx';
import s from './console.module.css';

const CLASSES = { button: s.button, status: s.origin };

/**
 * "Copy the EVALSHA command for this run": the run's own call (its script's SHA, the keys and
 * arguments), to paste at the console's prompt or a real redis-cli's. When the clipboard is
 * refused, the line is shown to copy by hand, and follows the run if it changes.
 */
export function CopyRunLine({ line }: { line: string }) {
  return (
    <CopyWithFallback
      text={() => line}
      shown={line}
      words={T.runLine}
      face={
        <LabelHead text={T.runLine.button} head={T.runLine.buttonHead} tailClass={s.phoneTail} />
      }
      classes={CLASSES}
      statusTestId="run-line-status"
    />
  );
}
