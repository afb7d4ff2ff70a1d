import { stepperWords as T } from '../../../content/stepper.ts';
import type { Executor } from '../../scenario/index.ts';
import type { StepperEvent } from '../../stepper/index.ts';
import type { Variant } from '../../vocabulary/index.ts';
import { LabelHead } from '../label-head.tsx';
import { CopyStepLink } from './CopyStepLink.tsx';
import { Counterfactuals } from './Counterfactuals.tsx';
import s from './stepper.module.css';

export interface StepperOptionsProps {
  variant: Variant;
  /** the learner's own script, when it runs (then no what-if is checked) */
  script: string | null;
  executor: Executor;
  predict: boolean;
  send: (e: StepperEvent) => void;
  /** the link to this step, read at click time; null when the stepper keeps the URL alone */
  stepLink: (() => string) | null;
}

/** Under the run: the what-ifs, predict mode, and the link to the step the learner is on. */
export function StepperOptions({
  variant,
  script,
  executor,
  predict,
  send,
  stepLink,
}: StepperOptionsProps) {
  return (
    <>
      <Counterfactuals
        variant={script === null ? variant : null}
        enabled={executor === 'script'}
        send={send}
      />
      <label className={s.row}>
        <input
          type="checkbox"
          checked={predict}
          onChange={(e) => send({ type: 'predict.set', on: e.target.checked })}
        />
        <LabelHead text={T.predictMode} head={T.phoneHeads.predictMode} tailClass={s.phoneTail} />
      </label>
      {stepLink === null ? null : <CopyStepLink link={stepLink} />}
    </>
  );
}
