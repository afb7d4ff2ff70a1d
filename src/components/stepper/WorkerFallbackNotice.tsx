import { useState, useSyncExternalStore } from 'react';
import { stepperWords as T } from '../../../content/stepper.ts';
import {
  workerFailureWords,
  type WorkerFailure,
  type WorkerRuns,
} from '../../console/off-thread.ts';
import { reloadKeepingState } from '../error-boundary.tsx';
import s from './stepper.module.css';

const noFailure = (): WorkerFailure | null => null;
const noTelling = () => () => {};

/**
 * Said once the simulator's worker did not start, so the learner's scripts are run on the page:
 * which file failed and why (the console's diagnosis, in its words), and what that changes here.
 * Nothing while the worker works, or where the stepper has none (`runs` undefined).
 */
export function WorkerFallbackNotice({ runs }: { runs: WorkerRuns | undefined }) {
  const failure = useSyncExternalStore(
    runs?.onNotStarted ?? noTelling,
    runs?.whyNotStarted ?? noFailure,
    noFailure,
  );
  const [dismissed, setDismissed] = useState(false);
  if (!failure || dismissed) return null;
  return (
    <div className={`${s.notice} ${s.flush}`} role="alert" data-testid="worker-fallback">
      <span>
        {workerFailureWords(failure)} {T.alerts.workerFallback}
      </span>
      <span className={s.row}>
        {failure.kind === 'gone' ? (
          <button type="button" className={s.button} onClick={reloadKeepingState}>
            {T.alerts.reload}
          </button>
        ) : null}
        <button type="button" className={s.button} onClick={() => setDismissed(true)}>
          {T.alerts.dismiss}
        </button>
      </span>
    </div>
  );
}
