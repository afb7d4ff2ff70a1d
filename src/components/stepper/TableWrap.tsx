import type { ReactNode } from 'react';
import s from './stepper.module.css';

/**
 * A table's box, scrolling sideways when the table is wider than the stepper (long ids, a
 * narrow phone). It takes focus, so a keyboard can scroll it too, and is named for that stop.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={s.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
