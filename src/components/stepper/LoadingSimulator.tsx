import { stepperWords as T } from '../../../content/stepper.ts';
import s from './stepper.module.css';

export interface LoadingSimulatorProps {
  /** the run is a learner's script being run in a worker (not the simulator loading) */
  running?: boolean;
  /** Stop: ends that run, as SCRIPT KILL would */
  onStop?: () => void;
}

/**
 * Stands in for a run while the simulated server it needs is fetched, or while a worker runs
 * the learner's script off the page's thread (then with Stop).
 */
export function LoadingSimulator({ running = false, onStop }: LoadingSimulatorProps) {
  if (!running) {
    return (
      <p className={`${s.notice} ${s.flush}`} role="status" data-testid="simulator-loading">
        {T.alerts.loadingSimulator}
      </p>
    );
  }
  return (
    <div className={`${s.notice} ${s.flush}`} data-testid="script-running">
      <p role="status">{T.alerts.runningScript}</p>
      <button type="button" onClick={onStop}>
        {T.alerts.stopScript}
      </button>
    </div>
  );
}
