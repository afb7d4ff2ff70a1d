/**
 * "Step BullMQ's extendLocks": the BullMQ part's own stepper card. The card itself is light
 * (the page prerenders it); the run view, which runs the simulator, is a chunk loaded when the
 * reader asks to step, through the same bounded loader as every lazy panel.
 */
import { useId, useState } from 'react';
import {
  BULLMQ_SCENARIO_IDS,
  bullmqWords,
  type BullmqScenarioId,
} from '../../../content/bullmq.ts';
import { fill } from '../../content/template.ts';
import { LazyPanel } from '../lazy-panel.tsx';
import { useHydrated } from '../use-hydrated.ts';
import type { BullmqRunViewProps } from './BullmqRunView.tsx';
import b from './bullmq.module.css';

const W = bullmqWords;

const loadRunView = () => import('./BullmqRunView.tsx').then((m) => m.BullmqRunView);

export interface BullmqStepperProps {
  /** the installed BullMQ's version and licence, as the build read them */
  version: string;
  license: string;
}

/** The card: which held jobs, whether to compare with EchoMQ, and the run once asked for. */
export function BullmqStepper({ version, license }: BullmqStepperProps) {
  const [scenarioId, setScenarioId] = useState<BullmqScenarioId>('four-fates');
  const [started, setStarted] = useState(false);
  const [compare, setCompare] = useState(false);
  const hydrated = useHydrated();
  const id = useId();
  return (
    <section
      className={b.root}
      aria-labelledby={`${id}-title`}
      data-testid="bullmq-stepper"
      data-ready={hydrated ? 'true' : undefined}
    >
      <h3 className={b.heading} id={`${id}-title`}>
        {W.heading}
      </h3>
      <p className={b.source}>{fill(W.source, { version, license })}</p>
      <fieldset className={b.choices} disabled={!hydrated}>
        <legend className="sr-only">{W.scenarioLegend}</legend>
        {BULLMQ_SCENARIO_IDS.map((sid) => (
          <label key={sid}>
            <input
              type="radio"
              name={`${id}-scenario`}
              value={sid}
              checked={scenarioId === sid}
              onChange={() => setScenarioId(sid)}
            />{' '}
            {W.scenarios[sid]}
          </label>
        ))}
      </fieldset>
      <p className={b.source}>{W.mirror}</p>
      <div className={b.row}>
        <label>
          <input
            type="checkbox"
            checked={compare}
            disabled={!hydrated}
            onChange={(e) => setCompare(e.currentTarget.checked)}
          />{' '}
          {W.compare}
        </label>
        {started ? null : (
          <button type="button" disabled={!hydrated} onClick={() => setStarted(true)}>
            {W.start}
          </button>
        )}
      </div>
      {started ? (
        <LazyPanel<BullmqRunViewProps>
          key={scenarioId}
          what={W.what}
          load={loadRunView}
          fallback={<p className={b.source}>{W.loading}</p>}
          props={{ scenarioId, compare }}
        />
      ) : null}
    </section>
  );
}
