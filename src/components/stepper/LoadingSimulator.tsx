import s from './stepper.module.css';

/** Stands in for a run while the simulated server it needs is fetched. */
export function LoadingSimulator() {
  return (
    <p className={s.notice} role="status" data-testid="simulator-loading" style={{ margin: 0 }}>
      Loading the simulator…
    </p>
  );
}
