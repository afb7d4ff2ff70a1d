import { memo } from 'react';
import s from './stepper.module.css';

export interface ClockReadProps {
  clock: { seconds: string; micros: string; now: number } | null;
  /** how many TIME reads the run has made so far (one, unless a variant reads per member) */
  reads: number;
}

/** The TIME read: seconds and microseconds as the server answered, and now in ms. */
export const ClockRead = memo(function ClockRead({ clock, reads }: ClockReadProps) {
  return (
    <section className={s.panel} aria-label="The clock read">
      <h3>TIME {reads > 1 ? `· read ${reads} times` : '· read once'}</h3>
      {clock ? (
        <dl className={s.clock}>
          <div>
            <dt>seconds t[1]</dt>
            <dd>{clock.seconds}</dd>
          </div>
          <div>
            <dt>micros t[2]</dt>
            <dd>{clock.micros}</dd>
          </div>
          <div>
            <dt>now (ms)</dt>
            <dd data-testid="now">{clock.now}</dd>
          </div>
        </dl>
      ) : (
        <p className={`${s.muted} ${s.flush}`}>not read yet</p>
      )}
    </section>
  );
});
