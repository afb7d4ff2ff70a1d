/**
 * The lesson's words for a trace: the step kinds EchoMQ's module adds to the simulator's
 * general trace (the members, their checks, the failed list, the native twin's verdicts and
 * lease_epoch stamps), and the listings its steps point into. The simulator knows none of
 * these: its trace has lines, locals, calls with replies and keyspace changes
 * (`GeneralEvent`); the module's story (`lesson-story.ts`) and the native handlers add these.
 * Light: types and two small tables, for the page's eager code.
 */
import type {
  GeneralEvent,
  StepFields,
  TraceStep as SimTraceStep,
} from '@batch-lease/redis-sim/client';

/** The listings a lesson step can point into (files under packages/echomq). */
export type ListingId =
  'extend_locks2.lua' | 'extend_lock2.lua' | 'emq_extends.rs' | 'emq_extend.rs';

/** Where a step points: a lesson listing, or any other script's own text (`user_script`, as Redis names the chunk). */
export type StepListing = ListingId | 'user_script';

/** The checks a member passes or fails, in the order both scripts run them (see {@link CHECK_ORDER}). */
export type Check = 'row' | 'token' | 'membership';

/** What happened at a step, in the lesson's terms. */
export type LessonEvent =
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
  | { kind: 'stamp'; key: string; runId: string };

/** Every event of a lesson run: the lesson's own, and the simulator's general ones. */
export type StepEvent = LessonEvent | GeneralEvent;

/**
 * One step of a lesson run: the simulator's step, with the lesson's events and listings.
 * `group` is the member (the index of the (id, token) pair) the step belongs to, or null
 * outside the loop.
 */
export type TraceStep = SimTraceStep<StepEvent, StepListing>;

/**
 * Each lesson kind's fields, in the order the story and the native handlers write them: a
 * packed trace given this table keeps a lesson step in cells, as it keeps a general one.
 */
export const LESSON_STEP_FIELDS = {
  args: ['base', 'lease', 'leaseArg', 'id', 'token'],
  clock: ['seconds', 'micros', 'now'],
  loop: ['i', 'argc', 'enters'],
  pair: ['i', 'id', 'token'],
  'row-key': ['key'],
  check: ['check', 'passed', 'att', 'token'],
  rescore: ['id', 'score'],
  collect: ['id', 'check', 'failedCount'],
  advance: ['i'],
  native: ['what', 'ok', 'detail'],
  verdict: ['id', 'live', 'check'],
  stamp: ['key', 'runId'],
} as const satisfies StepFields<LessonEvent>;

/** The kinds of step told in the lesson's terms: the members, their checks, the failed list. */
export const LESSON_STEP_KINDS = Object.keys(LESSON_STEP_FIELDS) as readonly LessonEvent['kind'][];

/** The order the checks come in, in both scripts and both native handlers. */
export const CHECK_ORDER: readonly Check[] = ['row', 'token', 'membership'];
