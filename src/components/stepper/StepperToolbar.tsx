import { stepperWords as T } from '../../../content/stepper.ts';
import { EXECUTORS } from '../../vocabulary/index.ts';
import { PRESETS, presetById, type PresetId, type Executor } from '../../scenario/index.ts';
import type { StepperEvent } from '../../stepper/index.ts';
import s from './stepper.module.css';

export interface StepperToolbarProps {
  /** the base of the controls' ids (the stepper's heading id) */
  idBase: string;
  /** the preset the scenario is, or null for a scenario the learner edited */
  presetId: PresetId | null;
  executor: Executor;
  send: (e: StepperEvent) => void;
}

/** The stepper's top row: which scenario it runs and on which executor, and what the preset shows. */
export function StepperToolbar({ idBase, presetId, executor, send }: StepperToolbarProps) {
  return (
    <>
      <div className={s.row}>
        {/* the label and its choice as one piece: on a phone's stage it fits the row's width */}
        <span className={s.pick}>
          <label className={s.label} htmlFor={`${idBase}-preset`}>
            {T.toolbar.scenario}
          </label>
          <select
            id={`${idBase}-preset`}
            className={s.select}
            value={presetId ?? 'custom'}
            onChange={(e) => {
              if (e.target.value !== 'custom')
                send({ type: 'scenario.load', preset: e.target.value as PresetId });
            }}
          >
            {presetId === null ? <option value="custom">{T.toolbar.customScenario}</option> : null}
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </span>
        <div className={s.segment} role="radiogroup" aria-label={T.toolbar.executor}>
          {EXECUTORS.map((x) => (
            <label key={x}>
              <input
                type="radio"
                name={`${idBase}-executor`}
                value={x}
                checked={executor === x}
                onChange={() => send({ type: 'executor.set', executor: x })}
              />
              <span>{T.toolbar.executors[x]}</span>
            </label>
          ))}
        </div>
        {presetId ? (
          <p className={`${s.hint} ${s.flush} ${s.blurb}`}>{presetById(presetId).blurb}</p>
        ) : null}
      </div>
    </>
  );
}
