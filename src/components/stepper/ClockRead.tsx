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
      {clock ? (
        <dl className={s.clock}>
          <div>
            <dt>{T.seconds}</dt>
            <dd>{clock.seconds}</dd>
          </div>
          <div>
            <dt>{T.micros}</dt>
            <dd>{clock.micros}</dd>
          </div>
          <div>
            <dt>{T.now}</dt>
            <dd data-testid="now">{clock.now}</dd>
          </div>
        </dl>
      ) : (
        <p className={`${s.muted} ${s.flush}`}>{T.notYet}</p>
      )}
    </section>
  );
});
