import { memo } from 'react';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import s from './stepper.module.css';

const T = panelWords.clock;

export interface ClockReadProps {
  clock: { seconds: string; micros: string; now: number } | null;
  /** how many TIME reads the run has made so far (one, unless a variant reads per member) */
  reads: number;
}

/** The TIME read: seconds and microseconds as the server answered, and now in ms. */
export const ClockRead = memo(function ClockRead({ clock, reads }: ClockReadProps) {
  return (
    <section className={s.panel} aria-label={T.region}>
      <h3>{reads > 1 ? fill(T.readTimes, { reads }) : T.readOnce}</h3>
      {/* the read's lines hold their room before the read too (unseen, under the note), so
          the panels below stay where they are when the clock is read */}
      <div className={s.overlaid}>
        <dl className={clock ? s.clock : `${s.clock} ${s.unseen}`}>
          <div>
            <dt>{T.seconds}</dt>
            <dd>{clock?.seconds ?? '\u00a0'}</dd>
          </div>
          <div>
            <dt>{T.micros}</dt>
            <dd>{clock?.micros ?? '\u00a0'}</dd>
          </div>
          <div>
            <dt>{T.now}</dt>
            <dd data-testid={clock ? 'now' : undefined}>{clock?.now ?? '\u00a0'}</dd>
          </div>
        </dl>
        {clock ? null : <p className={`${s.muted} ${s.flush}`}>{T.notYet}</p>}
      </div>
    </section>
  );
});
