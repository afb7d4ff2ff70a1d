/**
 * The scenario a stepper runs: the pairs a worker holds, what the server holds for each job,
 * and how the call is made. Pure data, so it can travel in a URL and be compared by value.
 */
import type { Executor } from '../vocabulary/index.ts';

/** Where the job's id sits on the server. */
export type Place = 'active' | 'pending' | 'neither';

/** What the job row key holds: a hash row, nothing, or a value of the wrong type. */
export type RowKind = 'hash' | 'none' | 'wrongtype';

/** Who makes the call: the Elixir verb (which gates and guards) or a raw client (which does not). */
export type Client = 'verb' | 'raw';

/** The caller's rights on the job rows: full, or read-only (the native twin needs to write them). */
export type Caller = 'full' | 'read-only';

/** The executor a scenario runs on, from the vocabulary. */
export type { Executor };

/** One job as the server holds it. */
export interface JobState {
  id: string;
  row: RowKind;
  /** the row's attempts field, the fencing token the holder must match (row === 'hash') */
  attempts: number;
  /** the lane, or null for a flat job (row === 'hash') */
  group: string | null;
  place: Place;
  /** while in active: how far the current deadline lies past the clock, in ms */
  leaseLeftMs: number;
}

/** One held lease: the id and the token the worker believes it holds. */
export interface HeldPair {
  id: string;
  token: number;
}

export interface Scenario {
  /** the queue name inside the hashtag: keys are emq:{queue}:… */
  queue: string;
  /** the held pairs, in the order the worker sends them */
  held: HeldPair[];
  /** the server-side state of every job named in `held`, once per id */
  jobs: JobState[];
  leaseMs: number;
  /** the server clock, ms since the epoch */
  clockMs: number;
  caller: Caller;
  client: Client;
  /** raw client only: an id sent after the last pair with no token */
  trailingId: string | null;
  /** raw client only: a KEYS[1] that is not the base's active set (the native shape check) */
  activeKeyOverride: string | null;
}
