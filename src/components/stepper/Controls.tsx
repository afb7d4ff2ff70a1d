import { memo, useEffect, useId, useState, type Ref, type RefObject } from 'react';
import { SPEEDS, type StepperEvent } from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import s from './stepper.module.css';

const T = panelWords.controls;

export interface ControlsProps {
  /** the run stands at its first step */
  atStart: boolean;
  n: number;
  playing: boolean;
  speed: number;
  /** forward is blocked (the end, or a prediction to make) */
  forwardBlocked: boolean;
  send: (e: StepperEvent) => void;
  /** the step the counter and the timeline were rendered at; the step writer keeps them after */
  shownK: number;
  /** the step the run stands on now (read when a scrub is handled) */
  stepNow: () => number;
  counterRef?: Ref<HTMLSpanElement>;
  timelineRef: RefObject<HTMLInputElement | null>;
}

/**
 * Step by line and by member, back, first and last, play with a speed, and the timeline. It
 * renders when a button's state changes; the counter and the timeline's thumb move with every
 * step by the step writer (`step-writer.ts`), from the step the run opened at.
 */
export const Controls = memo(function Controls({
  atStart,
  n,
  playing,
  speed,
  forwardBlocked,
  send,
  shownK,
  stepNow,
  counterRef,
  timelineRef,
}: ControlsProps) {
  // what the first render (the server's, and the hydration that must match it) showed
  const [firstK] = useState(shownK);
  return (
    <div className={s.controls} role="group" aria-label={T.group}>
      <Buttons
        atStart={atStart}
        n={n}
        playing={playing}
        speed={speed}
        forwardBlocked={forwardBlocked}
        send={send}
      />
      <div className={s.scrubRow} data-wide={n >= 1000 ? '' : undefined}>
        {/* the input in a box of its own: see `.timeline` */}
        <div className={s.timeline}>
          <Timeline input={timelineRef} stepNow={stepNow} firstK={firstK} n={n} send={send} />
        </div>
        <span ref={counterRef} className={s.counter} data-testid="step-counter" aria-hidden="true">
          {valueText(shownK, n)}
        </span>
      </div>
    </div>
  );
});

/** A step button: the event it sends, its key (in the tooltip), its glyph; its words in content. */
interface StepButtonSpec {
  event: Extract<StepperEvent['type'], `step.${string}`>;
  words: keyof typeof T.buttons;
  key: string;
  glyph: string;
}

/** Left of Play, glyph first; right of it, glyph after the word. */
const BACK: readonly StepButtonSpec[] = [
  { event: 'step.first', words: 'first', key: 'Home', glyph: '«' },
  { event: 'step.memberBack', words: 'memberBack', key: 'Shift+←', glyph: '⇤' },
  { event: 'step.back', words: 'back', key: '←', glyph: '‹' },
];
const FORWARD: readonly StepButtonSpec[] = [
  { event: 'step.forward', words: 'forward', key: '→', glyph: '›' },
  { event: 'step.member', words: 'member', key: 'Shift+→', glyph: '⇥' },
  { event: 'step.last', words: 'last', key: 'End', glyph: '»' },
];

function StepButton({
  button: b,
  after = false,
  disabled,
  send,
}: {
  button: StepButtonSpec;
  /** the glyph after the word (the buttons right of Play) */
  after?: boolean;
  disabled: boolean;
  send: ControlsProps['send'];
}) {
  const { name, word } = T.buttons[b.words];
  // Not `disabled`: a focused button that disables itself (Last step, › at the end or where
  // predict mode asks) drops focus to the page, and the stepper's keys with it. Marked disabled
  // instead, it keeps focus, and the machine ignores what it cannot do.
  return (
    <button
      type="button"
      className={s.button}
      onClick={() => {
        if (!disabled) send({ type: b.event });
      }}
      aria-disabled={disabled}
      aria-label={name}
      title={fill(T.buttonTitle, { name, key: b.key })}
    >
      <Face glyph={b.glyph} word={word} after={after} />
    </button>
  );
}

/** The timeline's and the counter's words at step k of n. */
export const valueText = (k: number, n: number) => fill(T.position, { k, n });

interface TimelineProps {
  input: RefObject<HTMLInputElement | null>;
  /** the step the run stands on now (read when a scrub is handled) */
  stepNow: () => number;
  firstK: number;
  n: number;
  send: (e: StepperEvent) => void;
}

// The range input, rendered again only for a new run (a new n). React rewrites an <input>'s
// name, type and value attribute whenever it renders it, and again after each change event it
// handles (whether or not it has an onChange), four DOM mutations and a restyle of the slider on
// every step; so the step writer moves the thumb and its words, and the scrub is heard by a
// listener of its own that keeps the event from React.
const Timeline = memo(function Timeline({ input, stepNow, firstK, n, send }: TimelineProps) {
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const scrub = (e: Event) => {
      // not on to React's root listener, which would rewrite the input after each event
      e.stopPropagation();
      send({ type: 'scrub', k: Number(el.value) });
      // React has rendered the step by the time a microtask runs; a scrub the machine did not
      // take puts the thumb back where the run stands, as a controlled input would
      queueMicrotask(() => {
        const at = String(stepNow());
        if (el.value !== at) el.value = at;
      });
    };
    // a drag says `input` at each move, a keyboard or a test may say only `change`
    el.addEventListener('input', scrub);
    el.addEventListener('change', scrub);
    return () => {
      el.removeEventListener('input', scrub);
      el.removeEventListener('change', scrub);
    };
  }, [input, stepNow, send]);
  return (
    <input
      ref={input}
      type="range"
      className={s.scrubber}
      min={0}
      max={n}
      step={1}
      defaultValue={firstK}
      aria-label={T.timeline}
      aria-valuetext={valueText(firstK, n)}
    />
  );
});

type ButtonsProps = Omit<ControlsProps, 'shownK' | 'stepNow' | 'counterRef' | 'timelineRef'>;

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
      {BACK.map((b) => (
        <StepButton key={b.event} button={b} disabled={atStart} send={send} />
      ))}
      <button
        type="button"
        className={`${s.button} ${s.primary} ${s.playButton}`}
        onClick={() => send({ type: playing ? 'pause' : 'play' })}
        disabled={n === 0}
        aria-label={playing ? T.pause : T.play}
        title={T.playTitle}
      >
        {playing ? <Face glyph="❚❚" word={T.pause} /> : <Face glyph="▶" word={T.play} />}
      </button>
      {FORWARD.map((b) => (
        <StepButton key={b.event} button={b} after disabled={forwardBlocked} send={send} />
      ))}
      <label className={`${s.label} ${s.pushRight} ${s.speedLabel}`} htmlFor={`${id}-speed`}>
        {T.speed}
      </label>
      <select
        id={`${id}-speed`}
        className={`${s.select} ${s.speed}`}
        value={speed}
        onChange={(e) => send({ type: 'speed.set', speed: Number(e.target.value) })}
      >
        {SPEEDS.map((v) => (
          <option key={v} value={v}>
            {fill(T.speedOption, { speed: v })}
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
