import { memo, useId } from 'react';
import type { StepperEvent } from '../../stepper/machine/stepperMachine.ts';
import { VARIANT_LABELS, type Variant } from '../../stepper/what-ifs/variants.ts';
import s from './stepper.module.css';

export interface CounterfactualsProps {
  /** the variant running, or null while the learner's own script runs (none is checked) */
  variant: Variant | null;
  /** the variants rewrite a script run; with the native twin they are off */
  enabled: boolean;
  send: (e: StepperEvent) => void;
}

const OPTIONS: { v: Variant; text: string }[] = [
  { v: 'real', text: 'the real script' },
  { v: 'no-membership-guard', text: 'drop the membership guard' },
  { v: 'clock-per-member', text: 'read the clock per member' },
];

/**
 * Runs a clearly marked variant of the script (the lesson's with one edit, run by the engine);
 * the real script is never changed.
 */
export const Counterfactuals = memo(function Counterfactuals({
  variant,
  enabled,
  send,
}: CounterfactualsProps) {
  const name = useId();
  return (
    <fieldset className={`${s.row} ${s.bareFieldset}`} disabled={!enabled}>
      <legend className={`${s.label} ${s.inlineLegend}`}>What if</legend>
      <div className={s.segment}>
        {OPTIONS.map((o) => (
          <label key={o.v} title={VARIANT_LABELS[o.v]}>
            <input
              type="radio"
              name={name}
              value={o.v}
              checked={variant === o.v}
              onChange={() => send({ type: 'variant.set', variant: o.v })}
            />
            <span>{o.text}</span>
          </label>
        ))}
      </div>
      {!enabled ? <span className={s.hint}>the what-ifs vary the script (wire 4)</span> : null}
    </fieldset>
  );
});
