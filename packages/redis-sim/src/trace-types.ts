/**
 * The contract between the simulated server and everything that steps it.
 *
 * A script (or the native twin) runs as a generator of {@link TraceStep}s. The
 * one-shot EVALSHA drives the same generator to its end without keeping the
 * steps, so a stepped run and a direct call cannot disagree. Each step carries
 * the line it stands on and the fine-grained changes it made, so a stepper can
 * move forward and back without copying the keyspace at every step.
 */

/**
 * A reply as the server sends it, keeping its RESP type: a bulk string
 * (`string`), an integer (`number`, or a `bigint` where it lies beyond 2^53, which a
 * JavaScript number would round; see `intReply`), a nil bulk (`null`), an array, an error
 * (`{ error }`, the full text exactly as sent) or a status line (`{ status }`,
 * e.g. OK or PONG). Status and bulk differ on the wire (`+OK` vs `$2 OK`), in
 * what a script sees (`{ok='OK'}` vs `'OK'`) and in how redis-cli prints them
 * (`OK` vs `"OK"`), so they are kept apart.
 */
export type Reply =
  | string
  | number
  | bigint
  | null
  | Reply[]
  | { error: string }
  | { status: string }
  | { nilArray: true };

/** The listings a step can point into (files under content/). */
export type ListingId =
  'extend_locks2.lua' | 'extend_lock2.lua' | 'emq_extends.rs' | 'emq_extend.rs';

/** Where a step of any other script points: the script's own text (`user_script`, as Redis names the chunk). */
export type StepListing = ListingId | 'user_script';

/**
 * A Lua value as a step shows it. Tables and functions are shown by identity
 * (an address, and a table's `#`), never copied, so a long trace stays small.
 */
export type ShownValue =
  null | boolean | number | string | { table: string; length: number } | { function: string };

/**
 * The locals of the running function, as changes since the previous step of
 * the trace (a reader folds them forward): `scope` when the names in scope
 * changed (innermost last), and `set` for the positions in scope whose value
 * changed.
 */
export interface LocalsDelta {
  scope?: string[];
  set: [position: number, value: ShownValue][];
  /**
   * The writes since the previous step into the tables the locals show (and the tables those
   * hold): a table's entries are told once, when a local first shows it, and then write by
   * write, so a reader folds them forward as it folds the locals; a table is never copied.
   */
  tables?: TableWrite[];
}

/** One write into a shown table: its address, the key, and the value stored (null: removed). */
export type TableWrite = [table: string, key: ShownValue, value: ShownValue];

/**
 * The checks a traced script's member passes or fails, in the order a script told in a
 * {@link ScriptShape} runs them (see `tracing/script-shape.ts`).
 */
export type Check = 'row' | 'token' | 'membership';

/** One keyspace change. `before`/`after` are null when the field or member is absent. */
export type Change =
  | { kind: 'zset'; key: string; member: string; before: number | null; after: number | null }
  /**
   * A list written by a script's call, as the whole list before and after (null: no key).
   * Lists are few and short in the lesson (pending), so a copy per write stays small.
   */
  | { kind: 'list'; key: string; before: string[] | null; after: string[] | null }
  | { kind: 'hash'; key: string; field: string; before: string | null; after: string | null }
  /** A set written by a script's call, as its members before and after (null: no key), like a list. */
  | { kind: 'set'; key: string; before: string[] | null; after: string[] | null }
  /** A string key written (SET, INCR, …) or removed (DEL, or a write of another type over it). */
  | { kind: 'string'; key: string; before: string | null; after: string | null }
  /** A key's time to live set or removed (EXPIRE, PERSIST, SET … EX, DEL): the deadline in ms. */
  | { kind: 'expiry'; key: string; before: number | null; after: number | null };

/** What happened at a step, in the terms the visualizer and narration need. */
export type StepEvent =
  /** locals read from KEYS/ARGV before the clock (base, lease) */
  | {
      kind: 'args';
      base: string | null;
      lease: number | null;
      leaseArg: string | null;
      /** single script only: ARGV[2] and ARGV[3], read with the lease (nil → null) */
      id?: string | null;
      token?: string | null;
    }
  /** the one TIME read: the reply's two strings and the `now` in ms derived from them */
  | { kind: 'clock'; seconds: string; micros: string; now: number }
  /** the loop head: `i` and whether `i < #ARGV` let the body run */
  | { kind: 'loop'; i: number; argc: number; enters: boolean }
  /** the pair read from ARGV[i], ARGV[i + 1] */
  | { kind: 'pair'; i: number; id: string; token: string | null }
  /** the row key derived from the base */
  | { kind: 'row-key'; key: string }
  /** a command the executor sent, and what came back */
  | { kind: 'command'; args: string[]; reply: Reply }
  /** one of the three checks, decided */
  | { kind: 'check'; check: Check; passed: boolean; att: string | null; token: string | null }
  /** the member was re-scored to `score` (now + lease) */
  | { kind: 'rescore'; id: string; score: number }
  /**
   * the member joined the failed list, which now holds `failedCount` ids; `check` is the one
   * that refused. The list itself is not copied into every step (that would hold a trace of
   * n members in O(n²) memory): a reader rebuilds it from the collect steps in order.
   */
  | { kind: 'collect'; id: string; check: Check; failedCount: number }
  /** `i` moved to the next pair */
  | { kind: 'advance'; i: number }
  /** native only: a shape or arity check, the fence, or a key opened as the caller */
  | {
      kind: 'native';
      what: 'shape' | 'arity' | 'layout' | 'lease' | 'fence' | 'open' | 'epoch';
      ok: boolean;
      detail?: string;
    }
  /** native only: the verdict of the read pass for one member */
  | { kind: 'verdict'; id: string; live: boolean; check: Check | null }
  /** native only: lease_epoch stamped on a row */
  | { kind: 'stamp'; key: string; runId: string }
  /** any script: a statement about to run (the general view; `depth` 1 is the script's body) */
  | { kind: 'statement'; depth: number }
  /** any script: a loop test was decided */
  | { kind: 'loop-test'; enters: boolean }
  /** any script: an `if`/`elseif` test was decided */
  | { kind: 'branch'; taken: boolean }
  /** any script: one operand of an `and`/`or` chain, as it was evaluated */
  | { kind: 'operand'; chain: number; index: number; value: ShownValue }
  /**
   * the run ended with this reply (which may be an error reply the script returned); `expr` is
   * what the script's `return` wrote (`returnedText`), absent for a native command and for a
   * script that ended without `return`
   */
  | { kind: 'reply'; reply: Reply; expr?: string }
  /** the run was aborted by an error; writes made before it stay (script) or none were made (native) */
  | { kind: 'error'; error: string };

/** The kinds of step told in the lesson's terms: the members, their checks, the failed list. */
export const LESSON_STEP_KINDS = [
  'args',
  'clock',
  'loop',
  'pair',
  'row-key',
  'check',
  'rescore',
  'collect',
  'advance',
  'native',
  'verdict',
  'stamp',
] as const satisfies readonly StepEvent['kind'][];

/** The kinds of step any script has (its calls, its reply) and the engine's general ones. */
export const GENERAL_STEP_KINDS = [
  'command',
  'statement',
  'loop-test',
  'branch',
  'operand',
  'reply',
  'error',
] as const satisfies readonly StepEvent['kind'][];

/** One step of a run. */
export interface TraceStep {
  listing: StepListing;
  /** 1-based line in the listing file */
  line: number;
  /** index of the (id, token) pair this step belongs to, or null outside the loop */
  member: number | null;
  event: StepEvent;
  /** keyspace changes this step made, in order */
  changes: Change[];
  /** the running function's locals that changed since the previous step (script runs only) */
  locals?: LocalsDelta;
}

/**
 * Where a traced run puts its steps, one by one: a plain array, or a store that keeps them
 * packed (see `trace-store.ts`). A sink must not keep the step object it is given mutable: the
 * producer hands each step over once, finished.
 */
export interface TraceSink {
  push(step: TraceStep): unknown;
}
