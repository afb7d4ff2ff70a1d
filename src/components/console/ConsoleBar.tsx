import type { ReactNode } from 'react';
import type { Running } from '../../console/index.ts';
import { consoleWords as T } from '../../../content/console.ts';
import { fill } from '../../content/template.ts';
import { runningText, stopLabel } from './running-words.ts';
import { SideRow } from '../side-row.tsx';
import s from './console.module.css';

/**
 * The console's bar: what its fork stands for, Reset, the keyspace's export, the host's own
 * buttons, Stop while a line runs, and a status saying what runs (or what the export did).
 */
export function ConsoleBar({
  origin,
  aside,
  resetLabel,
  onReset,
  onCopyExport,
  actions,
  running,
  onStop,
  copied,
}: {
  origin: string;
  aside: string;
  resetLabel: string;
  onReset: () => void;
  onCopyExport: () => void;
  actions?: ReactNode;
  /** the line running, or null */
  running: Running | null;
  onStop: (running: Running) => void;
  /** what the last export said, shown while nothing runs */
  copied: string;
}) {
  return (
    <div className={s.bar}>
      <span className={s.origin} data-testid="console-origin">
        {fill(T.origin, { origin, aside })}
      </span>
      {/* the buttons in one group: a phone's short drawer keeps them in one row that scrolls
          sideways under a cue, Stop first while a line runs, so it is never the one scrolled out of
          view */}
      <SideRow frame={s.barButtonsFrame} row={s.barButtons}>
        {running ? (
          <button type="button" className={s.button} onClick={() => onStop(running)}>
            {stopLabel(running)}
          </button>
        ) : null}
        <button type="button" className={s.button} onClick={onReset}>
          {resetLabel}
        </button>
        <button type="button" className={s.button} onClick={onCopyExport}>
          {T.copyExport}
        </button>
        {actions}
      </SideRow>
      <span role="status" className={s.origin}>
        {running ? runningText(running) : copied}
      </span>
    </div>
  );
}
