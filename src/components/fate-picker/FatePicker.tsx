import { useId, useMemo, useState, type ChangeEvent } from 'react';
import {
  fromAnswersData,
  type FateAnswersData,
  DEFAULT_FATE,
  FATES,
  type FateId,
  type FateAnswers,
  announce,
} from '../../fates/picker.ts';
import { useHydrated } from '../use-hydrated.ts';
import { FatePanel } from './FatePanel.tsx';
import { pickerWords as W } from '../../../content/fates.ts';
import styles from './fate-picker.module.css';

export interface FatePickerProps {
  /**
   * Every fate's answers, computed at build time by running the simulated server on the fate's
   * one-job state (see `fates/compute.ts`); the picker itself runs no simulation.
   */
  answers: readonly FateAnswersData[];
  initial?: FateId;
  /** told each fate the learner picks (an embedding host follows the picks through it) */
  onFateChange?: (fate: FateId) => void;
  /** the lesson's address when the picker is embedded away from the stepper */
  lessonUrl?: string | null;
}

/**
 * "A job's fate, two verbs · read both answers". The learner picks a fate and reads what the
 * simulated server answered for it, so the prerendered page already carries the default fate's
 * real answers. The fates are native radios (arrow keys move between them); they stay disabled
 * until the page hydrates, because only the script can switch the answers.
 */
export function FatePicker({
  answers: data,
  initial = DEFAULT_FATE,
  onFateChange,
  lessonUrl = null,
}: FatePickerProps) {
  const uid = useId();
  const hydrated = useHydrated();
  const [fate, setFate] = useState<FateId>(initial);
  const [spoken, setSpoken] = useState('');
  const byFate = useMemo(
    () => new Map(data.map((d) => [d.fate, fromAnswersData(d)] as const)),
    [data],
  );
  const answersOf = (id: FateId): FateAnswers => {
    const a = byFate.get(id);
    if (!a) throw new Error(`the fate picker was given no answers for ${id}`);
    return a;
  };
  const answers = answersOf(fate);
  const panelId = `${uid}-panel`;

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value as FateId;
    setFate(next);
    setSpoken(announce(answersOf(next)));
    onFateChange?.(next);
  };

  return (
    <section
      id="fate-picker"
      className={`fate-slot ${styles.root}`}
      aria-labelledby="fate-picker-title"
      data-ready={hydrated ? 'true' : undefined}
    >
      <h3 id="fate-picker-title">{W.heading}</h3>
      <fieldset className={styles.fates} disabled={!hydrated}>
        <legend className={styles.legend}>{W.legend}</legend>
        <div className={styles.choices}>
          {FATES.map((f) => (
            <label key={f.id} className={styles.choice}>
              <input
                type="radio"
                name={`${uid}-fate`}
                value={f.id}
                checked={fate === f.id}
                onChange={pick}
              />
              <span>{f.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <FatePanel answers={answers} id={panelId} lessonUrl={lessonUrl} />
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </section>
  );
}
