import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Stepper } from '../components/stepper/index.ts';
import { EmbedButton } from '../embed/EmbedButton.tsx';
import { prerenderedFromJSON, type PrerenderedRunJSON } from '../stepper/index.ts';
import { pageWords } from '../../content/page.ts';
import { createPageLineMarker, type PageLineMarker } from './page-line-marker.ts';

/**
 * The lesson's stepper: the page supplies the heading; the stepper lights the page's listings.
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
  return (
    <>
      <Stepper
        title={null}
        label={pageWords.stepperSlot.label}
        onLineChange={onLineChange}
        prerendered={runs}
      />
      <p className="embed-row">
        <EmbedButton widget="stepper" />
      </p>
    </>
  );
}
