import { isError } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import type { AnyEvent, Reply, TraceSink, TraceStep } from '../trace-types.ts';

/** A run of a module command that yields its steps (`E`, its events) and returns its reply. */
export type ScriptRun<E extends AnyEvent = AnyEvent> = Generator<TraceStep<E>, Reply, void>;

/** Builds steps for one listing. `changes` are filled by the driver. */
export function stepper<E extends AnyEvent = AnyEvent>(listing: string) {
  return (line: number, group: number | null, event: E): TraceStep<E> => ({
    listing,
    line,
    group,
    event,
    changes: [],
  });
}

/**
 * Drives a run to its end and answers its reply. With a sink, each step gets
 * the keyspace changes made since the previous step and is kept; without one,
 * nothing is journalled or kept, which is the one-shot path.
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
