import { useMemo } from 'react';
import { compareFinal } from '../../machines/compare.ts';
import { runFor } from '../../machines/stepperMachine.ts';
import type { TraceSource } from '../../machines/trace-source.ts';
import type { Scenario } from '../../scenario/types.ts';
import s from './stepper.module.css';

export interface CompareViewProps {
  source: TraceSource;
  scenario: Scenario;
}

/** Both executors' final states on the same scenario, side by side, differences marked. */
export function CompareView({ source, scenario }: CompareViewProps) {
  const { rows, native } = useMemo(() => {
    const script = runFor(source, scenario, 'script', 'real');
    const nat = runFor(source, scenario, 'native', 'real');
    return { rows: compareFinal(script, nat, scenario), native: nat };
  }, [source, scenario]);
  const differing = rows.filter((r) => r.differs).length;
  return (
    <div className={s.stack}>
      {'reason' in native ? (
        <p className={s.notice} role="note" style={{ margin: 0 }}>
          {native.reason}
        </p>
      ) : (
        <p className={s.muted} style={{ margin: 0 }} data-testid="compare-summary">
          {differing === 0
            ? 'The two final states agree.'
            : `${differing} difference${differing === 1 ? '' : 's'}, marked ≠.`}
        </p>
      )}
      <div className={s.tableWrap}>
        <table className={s.table} aria-label="Final states, script against native">
          <thead>
            <tr>
              <th scope="col">after the run</th>
              <th scope="col">script · wire 4</th>
              <th scope="col">native · wire 6</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className={r.differs ? s.diff : undefined} data-differs={r.differs}>
                <th scope="row" className={s.mono} style={{ fontWeight: 500 }}>
                  {r.differs ? (
                    <span className={s.diffMark} aria-label="differs">
                      ≠{' '}
                    </span>
                  ) : null}
                  {r.label}
                </th>
                <td className={s.mono} style={{ whiteSpace: 'pre-wrap' }}>
                  {r.script}
                </td>
                <td className={s.mono} style={{ whiteSpace: 'pre-wrap' }}>
                  {r.native}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
