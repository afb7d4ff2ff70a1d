import { isolate } from '@batch-lease/redis-sim/client';
import type { LinkStop } from '../../console/index.ts';
import { consoleWords as T } from '../../../content/console.ts';
import { fill, grouped } from '../../content/template.ts';
import { IsolatedText } from '../isolated-text.tsx';
import s from './console.module.css';

/**
 * What the console says when a shared link's line reached one of the simulator's limits as it
 * replayed, or the learner stopped it: which line (the link's text, isolated and made visible), that the replay stopped
 * there, the lines it did not run, and a button that forks afresh without the link's lines.
 */
export function LinkStopNotice({ stop, onDrop }: { stop: LinkStop; onDrop: () => void }) {
  const stopped = fill(stop.stopped ? T.linkStop.youStopped : T.linkStop.stopped, {
    n: grouped(stop.index + 1),
    total: grouped(stop.total),
    line: isolate(stop.line),
  });
  const notRun =
    stop.notRun.length > 0
      ? fill(T.linkStop.notRun, { lines: stop.notRun.map(isolate).join(', ') })
      : '';
  return (
    <div role="alert" className={s.linkStop} data-testid="link-stop">
      <p>
        <IsolatedText text={stopped} />
        {notRun ? (
          <>
            {' '}
            <IsolatedText text={notRun} />
          </>
        ) : null}
      </p>
      <button type="button" className={s.button} onClick={onDrop}>
        {T.linkStop.drop}
      </button>
    </div>
  );
}
