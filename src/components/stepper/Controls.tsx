import { memo, useId } from 'react';
import { SPEEDS, type StepperEvent } from '../../machines/stepperMachine.ts';
import s from './stepper.module.css';

export interface ControlsProps {
  k: number;
  n: number;
  playing: boolean;
  speed: number;
  /** forward is blocked (the end, or a prediction to make) */
  forwardBlocked: boolean;
  send: (e: StepperEvent) => void;
}

/** Step by line and by member, back, first and last, play with a speed, and the timeline. */
export function Controls({ k, n, playing, speed, forwardBlocked, send }: ControlsProps) {
  return (
    <div className={s.controls} role="group" aria-label="Stepper controls">
      <Buttons
        atStart={k === 0}
        n={n}
        playing={playing}
        speed={speed}
        forwardBlocked={forwardBlocked}
        send={send}
      />
      <div className={s.scrubRow}>
        <input
          type="range"
          className={s.scrubber}
          min={0}
          max={n}
          step={1}
          value={k}
          aria-label="Timeline"
          aria-valuetext={`step ${k} of ${n}`}
          onChange={(e) => send({ type: 'scrub', k: Number(e.target.value) })}
        />
        <span className={s.counter} data-testid="step-counter" aria-hidden="true">
          step {k} of {n}
        </span>
      </div>
    </div>
  );
}

interface ButtonsProps extends Omit<ControlsProps, 'k'> {
  atStart: boolean;
}

// the buttons change only at the ends, at a prediction gate, and on play/pause
const Buttons = memo(function Buttons({
  atStart,
  n,
  playing,
  speed,
  forwardBlocked,
  send,
}: ButtonsProps) {
  const id = useId();
  return (
    <div className={s.row}>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.first' })}
        disabled={atStart}
        aria-label="First step"
        title="First step (Home)"
      >
        « first
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.memberBack' })}
        disabled={atStart}
        aria-label="Back one member"
        title="Back one member (Shift+←)"
      >
        ⇤ member
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.back' })}
        disabled={atStart}
        aria-label="Back one line"
        title="Back one line (←)"
      >
        ‹ line
      </button>
      <button
        type="button"
        className={`${s.button} ${s.primary} ${s.playButton}`}
        onClick={() => send({ type: playing ? 'pause' : 'play' })}
        disabled={n === 0}
        aria-label={playing ? 'Pause' : 'Play'}
        title="Play or pause (Space)"
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.forward' })}
        disabled={forwardBlocked}
        aria-label="Forward one line"
        title="Forward one line (→)"
      >
        line ›
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.member' })}
        disabled={forwardBlocked}
        aria-label="Forward one member"
        title="Forward one member (Shift+→)"
      >
        member ⇥
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.last' })}
        disabled={forwardBlocked}
        aria-label="Last step"
        title="Last step (End)"
      >
        last »
      </button>
      <label className={`${s.label} ${s.pushRight}`} htmlFor={`${id}-speed`}>
        speed
      </label>
      <select
        id={`${id}-speed`}
        className={s.select}
        value={speed}
        onChange={(e) => send({ type: 'speed.set', speed: Number(e.target.value) })}
      >
        {SPEEDS.map((v) => (
          <option key={v} value={v}>
            {v} steps/s
          </option>
        ))}
      </select>
    </div>
  );
});
