import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { answersFor, announce, DEFAULT_FATE, FATES, type FateId } from '../../fates/index.ts';
import { useHydrated } from '../use-hydrated.ts';
import { FatePanel } from './FatePanel.tsx';
import styles from './fate-picker.module.css';

/**
 * "A job's fate, two verbs · read both answers". The learner picks a fate; every answer shown
 * is computed by running the simulated server on that fate's one-job state, during render, so
 * the prerendered page already carries the default fate's real answers. The fates are native
 * radios (arrow keys move between them); they stay disabled until the page hydrates, because
 * only the script can switch the answers.
 */
export function FatePicker({ initial = DEFAULT_FATE }: { initial?: FateId }) {
  const uid = useId();
  const hydrated = useHydrated();
  const [fate, setFate] = useState<FateId>(initial);
  const [spoken, setSpoken] = useState('');
  const answers = useMemo(() => answersFor(fate), [fate]);
  const panelId = `${uid}-panel`;

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value as FateId;
    setFate(next);
    setSpoken(announce(answersFor(next)));
  };

  return (
    <section
      id="fate-picker"
      className={`fate-slot ${styles.root}`}
      aria-labelledby="fate-picker-title"
      data-ready={hydrated ? 'true' : undefined}
    >
      <h3 id="fate-picker-title">A job&rsquo;s fate, two verbs · read both answers</h3>
      <fieldset className={styles.fates} disabled={!hydrated}>
        <legend className={styles.legend}>Pick a job&rsquo;s fate</legend>
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
      <FatePanel answers={answers} id={panelId} />
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </section>
  );
}
