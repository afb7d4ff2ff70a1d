import { memo, useId } from 'react';
import { SPEEDS, type StepperEvent } from '../../stepper/machine/stepperMachine.ts';
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
        <Face glyph="«" word="first" />
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.memberBack' })}
        disabled={atStart}
        aria-label="Back one member"
        title="Back one member (Shift+←)"
      >
        <Face glyph="⇤" word="member" />
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.back' })}
        disabled={atStart}
        aria-label="Back one line"
        title="Back one line (←)"
      >
        <Face glyph="‹" word="line" />
      </button>
      <button
        type="button"
        className={`${s.button} ${s.primary} ${s.playButton}`}
        onClick={() => send({ type: playing ? 'pause' : 'play' })}
        disabled={n === 0}
        aria-label={playing ? 'Pause' : 'Play'}
        title="Play or pause (Space)"
      >
        {playing ? <Face glyph="❚❚" word="Pause" /> : <Face glyph="▶" word="Play" />}
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.forward' })}
        disabled={forwardBlocked}
        aria-label="Forward one line"
        title="Forward one line (→)"
      >
        <Face word="line" glyph="›" after />
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.member' })}
        disabled={forwardBlocked}
        aria-label="Forward one member"
        title="Forward one member (Shift+→)"
      >
        <Face word="member" glyph="⇥" after />
      </button>
      <button
        type="button"
        className={s.button}
        onClick={() => send({ type: 'step.last' })}
        disabled={forwardBlocked}
        aria-label="Last step"
        title="Last step (End)"
      >
        <Face word="last" glyph="»" after />
      </button>
      <label className={`${s.label} ${s.pushRight} ${s.speedLabel}`} htmlFor={`${id}-speed`}>
        speed
      </label>
      <select
        id={`${id}-speed`}
        className={`${s.select} ${s.speed}`}
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

/**
 * A button's face: its glyph and its word, apart, so a narrow stepper can show the glyph alone
 * (the button's name is its aria-label either way, and the header says what the glyphs mean).
 */
function Face({ glyph, word, after = false }: { glyph: string; word: string; after?: boolean }) {
  const g = (
    <span className={s.glyph} aria-hidden="true">
      {glyph}
    </span>
  );
  // the space between them belongs to the word, so the glyph alone sits centred
  const w = <span className={s.word}>{after ? `${word} ` : ` ${word}`}</span>;
  return after ? (
    <>
      {w}
      {g}
    </>
  ) : (
    <>
      {g}
      {w}
    </>
  );
}
