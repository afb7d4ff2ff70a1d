/**
 * Every preset's run on both executors, for the views' tests that check a selector at every
 * step of every run: the pairs to name the tests by, and the run and its index for a pair.
 */
import { PRESETS } from '../../scenario/presets.ts';
import { EXECUTORS, type Executor } from '../../vocabulary/index.ts';
import { buildRunIndex, type RunIndex } from '../runs/run-index.ts';
import { createSimTraceSource, type ReadyRun } from '../runs/trace-source.ts';

/** Each preset's id with each executor, as `it.each` takes them. */
export const PRESET_RUNS = PRESETS.flatMap((p) => EXECUTORS.map((x) => [p.id, x] as const));

const source = createSimTraceSource();

/** Preset `id`'s run on `executor` and its index, or null where the run does not finish. */
export function presetRun(id: string, executor: Executor): { run: ReadyRun; ix: RunIndex } | null {
  const run = source(PRESETS.find((p) => p.id === id)!.build(), executor);
  return run.status === 'ready' ? { run, ix: buildRunIndex(run) } : null;
}
