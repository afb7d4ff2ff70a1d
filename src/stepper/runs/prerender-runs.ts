/**
 * Build time only: the runs the page carries for its opening scenario, made on the simulated
 * server exactly as the stepper would make them, in the JSON form island props need: the
 * lesson's script on both executors, and each counterfactual (a real script, run by the engine).
 */
import { BATCH_SOURCE } from '@batch-lease/echomq';
import type { Executor, Scenario } from '../../scenario/index.ts';
import { prerenderedToJSON, type PrerenderedRunJSON } from './run-json.ts';
import { SCRIPT_EDITS, variantSource } from '../what-ifs/script-edits.ts';
import { createSimTraceSource } from './trace-source.ts';

/** Every ready run of `scenario` on `executors` (and the variants); the rest is left to load. */
export function prerenderRuns(
  scenario: Scenario,
  executors: readonly Executor[] = ['script', 'native'],
): PrerenderedRunJSON[] {
  const source = createSimTraceSource();
  const lesson = executors.flatMap((executor) => {
    const run = source(scenario, executor);
    return run.status === 'ready' ? [prerenderedToJSON({ scenario, executor, run })] : [];
  });
  if (!executors.includes('script')) return lesson;
  const variants = SCRIPT_EDITS.flatMap((e) => {
    const script = variantSource(BATCH_SOURCE, e.variant)!;
    const run = source(scenario, 'script', script);
    return run.status === 'ready'
      ? [prerenderedToJSON({ scenario, executor: 'script', script, run })]
      : [];
  });
  return [...lesson, ...variants];
}
