import { stepperWords as T } from '../../../content/stepper.ts';
import { memo, useId } from 'react';
import { type StepperEvent, VARIANT_LABELS, VARIANTS, type Variant } from '../../stepper/index.ts';
import s from './stepper.module.css';

export interface CounterfactualsProps {
  /** the variant running, or null while the learner's own script runs (none is checked) */
  variant: Variant | null;
  /** the variants rewrite a script run; with the native twin they are off */
  enabled: boolean;
  send: (e: StepperEvent) => void;
}

const OPTIONS = VARIANTS.map((v) => ({ v, text: T.whatIf.options[v] }));

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
      <legend className={`${s.label} ${s.inlineLegend}`}>{T.whatIf.legend}</legend>
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
      {!enabled ? <span className={s.hint}>{T.whatIf.scriptOnly}</span> : null}
    </fieldset>
  );
});
