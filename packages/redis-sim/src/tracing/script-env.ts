import { isError } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import type { ListingId, Reply, StepEvent, TraceSink, TraceStep } from '../trace-types.ts';

/** A run of the native twin's model: yields its steps, returns its reply. */
export type ScriptRun = Generator<TraceStep, Reply, void>;

/** Builds steps for one listing. `changes` are filled by the driver. */
export function stepper(listing: ListingId) {
  return (line: number, member: number | null, event: StepEvent): TraceStep => ({
    listing,
    line,
    member,
    event,
    changes: [],
  });
}

/**
 * Drives a run to its end and answers its reply. With a sink, each step gets
 * the keyspace changes made since the previous step and is kept; without one,
 * nothing is journalled or kept, which is the one-shot EVALSHA path.
 */
export function drive(run: ScriptRun, ks: Keyspace, sink: TraceSink | null): Reply {
  const previous = ks.journal;
  const journal: TraceStep['changes'] = [];
  ks.journal = sink ? journal : null;
  try {
    for (;;) {
      const r = run.next();
      if (r.done) return r.value;
      if (sink) {
        r.value.changes = journal.splice(0);
        sink.push(r.value);
      }
    }
  } finally {
    ks.journal = previous;
  }
}

export { isError };
