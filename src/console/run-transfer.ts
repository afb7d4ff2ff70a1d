/**
 * A stepper's run carried across a worker's `postMessage`: a run is plain data but for its
 * steps, a packed trace behind an array-like view, which a structured clone cannot copy. So the
 * worker sends the trace's columns ({@link PackedTraceData}) and the page reads them back into a
 * packed trace of its own, whose steps read exactly as the worker's did (the stepper's run, its
 * index and every view are the same as for a run made on the page: `run-transfer.test.ts`).
 */
import { PackedTrace, packedTraceOf, type PackedTraceData } from '@batch-lease/redis-sim/client';
import type { StepEvent, StepListing } from '@batch-lease/echomq';
import type { ReadyRun, RunResult as StepperRunResult } from '../stepper/index.ts';

/** A run as the worker sends it: a ready run's steps as a packed trace's data. */
export type PackedRun =
  | Exclude<StepperRunResult, ReadyRun>
  | (Omit<ReadyRun, 'steps'> & { steps: PackedTraceData | { plain: ReadyRun['steps'] } });

/** The run as data for `postMessage`, and the buffers it may transfer rather than copy. */
export function packRun(run: StepperRunResult): { packed: PackedRun; transfer: Transferable[] } {
  if (run.status !== 'ready') return { packed: run, transfer: [] };
  const trace = packedTraceOf(run.steps);
  if (!trace) return { packed: { ...run, steps: { plain: [...run.steps] } }, transfer: [] };
  const data = trace.toData();
  return { packed: { ...run, steps: data }, transfer: [data.cells.buffer] };
}

/** The run {@link packRun} packed, read back on the page. */
export function unpackRun(packed: PackedRun): StepperRunResult {
  if (packed.status !== 'ready') return packed;
  const steps =
    'plain' in packed.steps
      ? packed.steps.plain
      : PackedTrace.fromData<StepEvent, StepListing>(packed.steps).view();
  return { ...packed, steps };
}
