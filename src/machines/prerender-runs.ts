/**
 * Build time only: the runs the page carries for its opening scenario, made on the simulated
 * server exactly as the stepper would make them, in the JSON form island props need.
 */
import type { ExecutorChoice, Scenario } from '../scenario/types.ts';
import { prerenderedToJSON, type PrerenderedRunJSON } from './run-json.ts';
import { createSimTraceSource } from './trace-source.ts';

/** Every ready run of `scenario` on `executors`; a run the server cannot make is left to load. */
export function prerenderRuns(
  scenario: Scenario,
  executors: readonly ExecutorChoice[] = ['script', 'native'],
): PrerenderedRunJSON[] {
  const source = createSimTraceSource();
  return executors.flatMap((executor) => {
    const run = source(scenario, executor);
    return run.status === 'ready' ? [prerenderedToJSON({ scenario, executor, run })] : [];
  });
}
