/**
 * The contract between the simulated server and everything that steps it.
 *
 * A script (or a module command that yields steps) runs as a generator of {@link TraceStep}s. The
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

/**
 * Where a step points: `user_script` (the script's own text, as Redis names the chunk), or the
 * name of a listing a module's teller gives the script (see `module.ts`).
 */
export type StepListing = string;

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

/** One keyspace change. `before`/`after` are null when the field or member is absent. */
export type Change =
  | { kind: 'zset'; key: string; member: string; before: number | null; after: number | null }
  /**
   * A list written by a script's call, as the whole list before and after (null: no key).
   * A list a script writes is usually short (a queue's few entries), so a copy per write stays small.
   */
  | { kind: 'list'; key: string; before: string[] | null; after: string[] | null }
  | { kind: 'hash'; key: string; field: string; before: string | null; after: string | null }
  /** A set written by a script's call, as its members before and after (null: no key), like a list. */
  | { kind: 'set'; key: string; before: string[] | null; after: string[] | null }
  /** A string key written (SET, INCR, …) or removed (DEL, or a write of another type over it). */
  | { kind: 'string'; key: string; before: string | null; after: string | null }
  /** A key's time to live set or removed (EXPIRE, PERSIST, SET … EX, DEL): the deadline in ms. */
  | { kind: 'expiry'; key: string; before: number | null; after: number | null };

/** What happened at a step of any script: a statement, a test, an operand, a call, the end. */
export type GeneralEvent =
  /** a command the script (or a module's handler) sent, and what came back */
  | { kind: 'command'; args: string[]; reply: Reply }
  /** a statement about to run (`depth` 1 is the script's body) */
  | { kind: 'statement'; depth: number }
  /** a loop test was decided */
  | { kind: 'loop-test'; enters: boolean }
  /** an `if`/`elseif` test was decided */
  | { kind: 'branch'; taken: boolean }
  /** one operand of an `and`/`or` chain, as it was evaluated */
  | { kind: 'operand'; chain: number; index: number; value: ShownValue }
  /**
   * the run ended with this reply (which may be an error reply the script returned); `expr` is
   * what the script's `return` wrote (`returnedText`), absent for a module command's run and for
   * a script that ended without `return`
   */
  | { kind: 'reply'; reply: Reply; expr?: string }
  /** the run was aborted by an error; writes made before it stay */
  | { kind: 'error'; error: string };

/**
 * An event of any kind: the general ones, or one a module adds to the trace (a story's, or a
 * module command's steps), with a kind of its own and its fields.
 */
export interface AnyEvent {
  readonly kind: string;
}

/** The kinds of step any script has (its calls, its reply) and the engine's general ones. */
export const GENERAL_STEP_KINDS = [
  'command',
  'statement',
  'loop-test',
  'branch',
  'operand',
  'reply',
  'error',
] as const satisfies readonly GeneralEvent['kind'][];

/**
 * Each kind's fields, in the order its producer writes them. A packed trace keeps an event of
 * a kind it was given this way in shared cells (see `trace-store.ts`); a module that adds
 * kinds hands their table to the trace it records into.
 */
export type StepFields<E extends AnyEvent> = {
  readonly [K in E['kind']]: readonly Exclude<keyof Extract<E, { kind: K }>, 'kind'>[];
};

/** The general kinds' fields, in the order the recorder writes them. */
export const GENERAL_STEP_FIELDS: StepFields<GeneralEvent> = {
  command: ['args', 'reply'],
  statement: ['depth'],
  'loop-test': ['enters'],
  branch: ['taken'],
  operand: ['chain', 'index', 'value'],
  reply: ['reply', 'expr'],
  error: ['error'],
};

/**
 * One step of a run. `E` is the events the caller's modules add to the general ones, and `L`
 * the listings their tellers name: the simulator stores and answers what they produced without
 * reading it.
 */
export interface TraceStep<E extends AnyEvent = GeneralEvent, L extends string = StepListing> {
  listing: L;
  /** 1-based line in the listing file */
  line: number;
  /**
   * The part of the run the step belongs to, as a module's story numbers the parts (the n-th
   * item a loop handles, say), or null where there is none (every step of a script told
   * statement by statement).
   */
  group: number | null;
  event: E;
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
  push(step: TraceStep<AnyEvent>): unknown;
}
