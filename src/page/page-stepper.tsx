import { useCallback, useMemo } from 'react';
import { Stepper } from '../components/stepper/index.ts';
import { EmbedButton } from '../embed/EmbedButton.tsx';
import { prerenderedFromJSON, type PrerenderedRunJSON } from '../stepper/index.ts';
import { pageWords } from '../../content/page.ts';

// The stepper names listings by file; the page's listings are anchored by manifest name.
const PAGE_LISTING: Record<string, string> = {
  'extend_locks2.lua': 'extend_locks2',
  'extend_lock2.lua': 'extend_lock2',
  'emq_extends.rs': 'emq_extends',
  'emq_extend.rs': 'emq_extend',
};

/**
 * Lights, in the page's own highlighted listing, the line the stepper stands on. The
 * listings are static HTML (not a React tree), so the mark is set on the element.
 */
export function markPageLine(listing: string, line: number | null, doc: Document = document): void {
  for (const el of doc.querySelectorAll('.page-lesson .line[aria-current="step"]')) {
    el.removeAttribute('aria-current');
  }
  const name = PAGE_LISTING[listing];
  if (!name || line === null) return;
  doc.getElementById(`L-${name}-${line}`)?.setAttribute('aria-current', 'step');
}

/**
 * The lesson's stepper: the page supplies the heading; the stepper lights the page's listings.
 * `prerendered` holds the opening scenario's runs as the build made them, so the default walk
 * (either executor, any counterfactual) needs no simulator in the browser.
 */
export function PageStepper({ prerendered }: { prerendered: PrerenderedRunJSON[] }) {
  const onLineChange = useCallback((listing: string, line: number | null) => {
    markPageLine(listing, line);
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
