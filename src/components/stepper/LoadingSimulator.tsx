import { stepperWords as T } from '../../../content/stepper.ts';
import s from './stepper.module.css';

/** Stands in for a run while the simulated server it needs is fetched. */
export function LoadingSimulator() {
  return (
    <p className={`${s.notice} ${s.flush}`} role="status" data-testid="simulator-loading">
      {T.alerts.loadingSimulator}
    </p>
  );
}
