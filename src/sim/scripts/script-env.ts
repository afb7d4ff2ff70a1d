import { isError } from '../errors.ts';
import type { Keyspace } from '../keyspace.ts';
import type { ListingId, Reply, StepEvent, TraceStep } from '../trace-types.ts';

/** A value a script passes to redis.call: a Lua string, a Lua number, or nil. */
export type LuaArg = string | number | null;

/** What a script model sees: its SHA, KEYS, ARGV, and redis.call. */
export interface ScriptEnv {
  sha: string;
  keys: readonly string[];
  argv: readonly string[];
  /**
   * redis.call after its argument conversion: numbers become `%.17g` text and a
   * nil is refused. An error reply comes back as data; the model raises it.
   */
  call(args: readonly LuaArg[]): Reply;
}

/** A script run: yields its steps, returns its reply (an error reply when it raised). */
export type ScriptRun = Generator<TraceStep, Reply, void>;

/** A TypeScript model of one of the lesson's Lua scripts. */
export interface ScriptModel {
  listing: ListingId;
  source: string;
  run(env: ScriptEnv): ScriptRun;
}

/** Redis 7.0's wrapping of an error raised inside a script. */
export function scriptError(sha: string, line: number, text: string): string {
  return `${text} script: ${sha}, on @user_script:${line}.`;
}

/** A Lua runtime error (for example arithmetic on nil), as Redis 7.0 reports it. */
export function luaRuntimeError(sha: string, line: number, message: string): string {
  return scriptError(sha, line, `ERR user_script:${line}: ${message}`);
}

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
export function drive(run: ScriptRun, ks: Keyspace, sink: TraceStep[] | null): Reply {
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
