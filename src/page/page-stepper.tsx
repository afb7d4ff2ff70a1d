import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Actor } from 'xstate';
import { Stepper } from '../components/stepper/index.ts';
import { EmbedButton } from '../embed/EmbedButton.tsx';
import { followStepper } from '../embed/stepper-events.ts';
import { pageEmitter } from '../lms/lesson-events.ts';
import {
  prerenderedFromJSON,
  type PrerenderedRunJSON,
  type StepperMachine,
} from '../stepper/index.ts';
import { createPageLineMarker, type PageLineMarker } from './page-line-marker.ts';

/**
 * The lesson's stepper: its stage is titled by the scenario it runs; it lights the page's listings.
 * `prerendered` holds the opening scenario's runs as the build made them, so the default walk
 * (either executor, any counterfactual) needs no simulator in the browser.
 */
export function PageStepper({ prerendered }: { prerendered: PrerenderedRunJSON[] }) {
  // made on the first mark, which comes from the stepper's effects, before this one's
  const marker = useRef<PageLineMarker | null>(null);
  useEffect(
    () => () => {
      marker.current?.disconnect();
      marker.current = null;
    },
    [],
  );
  const onLineChange = useCallback((listing: string, line: number | null) => {
    marker.current ??= createPageLineMarker();
    marker.current.mark(listing, line);
  }, []);
  const runs = useMemo(() => prerendered.map(prerenderedFromJSON), [prerendered]);
  // in a course package, the platform's runtime follows the stepper through the page's events
  const onActor = useCallback((actor: Actor<StepperMachine>) => {
    const emit = pageEmitter('stepper');
    if (emit) followStepper(actor, emit);
  }, []);
  return (
    <>
      <Stepper onLineChange={onLineChange} prerendered={runs} onActor={onActor} />
      <div className="embed-row">
        <EmbedButton widget="stepper" />
      </div>
    </>
  );
}
