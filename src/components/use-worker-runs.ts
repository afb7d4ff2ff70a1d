import { useEffect, useState } from 'react';
import { stepperRunsInWorker, type WorkerRuns } from '../console/off-thread.ts';
import { useEmbedPlace } from '../embed/in-embed.ts';

/**
 * The simulated server's worker that makes a component's runs (the stepper's, the run an
 * embedded console forks), one per component, ended when it unmounts: one way to make a run off
 * the page's thread wherever a run is made. A custom element on another origin's page starts it
 * from a `blob:` bootstrap only when its host asked (`off-thread`). Undefined where the page
 * cannot make workers (a test's DOM) or `wanted` is false (a simulator at hand).
 */
export function useWorkerRuns(wanted = true): WorkerRuns | undefined {
  const place = useEmbedPlace();
  const [runs] = useState(() =>
    wanted ? (stepperRunsInWorker({ viaBlob: place.offThread }) ?? undefined) : undefined,
  );
  useEffect(() => () => runs?.dispose(), [runs]);
  return runs;
}
