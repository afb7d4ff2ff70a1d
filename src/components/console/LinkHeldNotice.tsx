import { isolate } from '@batch-lease/redis-sim/client';
import { consoleWords as T } from '../../../content/console.ts';
import { fill, grouped } from '../../content/template.ts';
import { IsolatedText } from '../isolated-text.tsx';
import s from './console.module.css';

/**
 * A link's lines held back, not run: the link says line `at` reached a limit when they last
 * ran, or that the learner stopped it (`stopped`).
 */
export interface HeldLines {
  lines: readonly string[];
  at: number;
  stopped: boolean;
}

/**
 * What the console says when it opens a link that says its replay reached one of the
 * simulator's limits, or that the learner stopped one: that none of its lines ran and why, the lines themselves (the link's
 * text, isolated and made visible), the one that reached the limit marked, and the two ways on:
 * run them again (which reaches the limit again), or drop them from the console and the URL.
 */
export function LinkHeldNotice({
  held,
  onRun,
  onDrop,
}: {
  held: HeldLines;
  onRun: () => void;
  onDrop: () => void;
}) {
  const said = fill(held.stopped ? T.linkStop.heldStopped : T.linkStop.held, {
    n: grouped(held.at + 1),
    total: grouped(held.lines.length),
    line: isolate(held.lines[held.at] ?? ''),
  });
  return (
    <div role="alert" className={s.linkStop} data-testid="link-held">
      <p>
        <IsolatedText text={said} />
      </p>
      <ol className={s.heldLines} aria-label={T.linkStop.heldLines}>
        {held.lines.map((line, i) => (
          <li key={i}>
            <IsolatedText text={isolate(line)} />
            {i === held.at ? (
              <strong> · {held.stopped ? T.linkStop.youStoppedIt : T.linkStop.reachedLimit}</strong>
            ) : null}
          </li>
        ))}
      </ol>
      <HeldActions run={T.linkStop.runAgain} drop={T.linkStop.drop} onRun={onRun} onDrop={onDrop} />
    </div>
  );
}

/** The two ways on from what a link held back: run it again, or drop it. */
export function HeldActions({
  run,
  drop,
  onRun,
  onDrop,
}: {
  run: string;
  drop: string;
  onRun: () => void;
  onDrop: () => void;
}) {
  return (
    <span className={s.heldActions}>
      <button type="button" className={s.button} onClick={onRun}>
        {run}
      </button>
      <button type="button" className={s.button} onClick={onDrop}>
        {drop}
      </button>
    </span>
  );
}
