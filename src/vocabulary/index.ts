/**
 * The lesson's vocabulary, declared once: each set of ids is an `as const` array, and its type
 * is derived from it, so the code, the content and the tests (unit and e2e) name the same
 * things and the compiler connects every use. Adding an executor, a preset or a section starts
 * here. Plain data: this module imports nothing, so every layer may import it.
 */

/** The executors: the lesson's script over EVALSHA (wire 4) or the native command (wire 6). */
export const EXECUTORS = ['script', 'native'] as const;
export type Executor = (typeof EXECUTORS)[number];

/** The two verbs' arities: one id (extend_lock/5, EMQ.EXTEND) or many (extend_locks/4, EMQ.EXTENDS). */
export const ARITIES = ['single', 'batch'] as const;
export type Arity = (typeof ARITIES)[number];

/** How a run is sent: by the EchoMQ verb, or as the bare command from a raw client. */
export const RUN_CLIENTS = ['verb', 'raw'] as const;
export type RunClient = (typeof RUN_CLIENTS)[number];

/** A run named by its cell and its client: `batch.native.raw` is a bare EMQ.EXTENDS. */
export type RunKey = `${Arity}.${Executor}.${RunClient}`;

/** Every run the fate picker makes for one fate, in the order its grid reads them. */
export const RUN_KEYS: readonly RunKey[] = ARITIES.flatMap((a) =>
  EXECUTORS.flatMap((e) => RUN_CLIENTS.map((c): RunKey => `${a}.${e}.${c}`)),
);

/** The three checks a member must pass, in the order both executors run them. */
export const CHECKS = ['row', 'token', 'membership'] as const;
export type Check = (typeof CHECKS)[number];

/**
 * What the stepper's member table says of one member after k steps. `live` is the native
 * twin's read-pass verdict, before (or without) its write; only `rescored` means ZADD ran.
 */
export const MEMBER_VERDICTS = ['rescored', 'live', 'failed', 'error', 'pending'] as const;
export type MemberVerdict = (typeof MEMBER_VERDICTS)[number];

/**
 * What happened to a lease on one whole run, as the fate picker tells it: re-scored,
 * collected into failed, refused with the single script's own error class, ended by another
 * error (WRONGTYPE, NOPERM, …), or raised by the verb before anything was sent.
 */
export const FATE_VERDICTS = ['rescored', 'failed', 'refused', 'error', 'raised'] as const;
export type FateVerdict = (typeof FATE_VERDICTS)[number];

/** The fates a held lease can meet, in the order the fate picker lists them. */
export const FATE_IDS = [
  'live',
  'no-row',
  'stale-token',
  'not-in-active',
  'lane-job',
  'wrong-type',
  'ill-formed-id',
  'read-only',
] as const;
export type FateId = (typeof FATE_IDS)[number];

/**
 * The stepper's what-ifs: the lesson's script, and the two one-line edits the lesson argues
 * from (the edits themselves are in src/stepper/what-ifs/script-edits.ts).
 */
export const VARIANTS = ['real', 'no-membership-guard', 'clock-per-member'] as const;
export type Variant = (typeof VARIANTS)[number];

/** What a learner may predict for a member in predict mode. */
export const PREDICTIONS = ['rescored', 'failed'] as const;
export type Prediction = (typeof PREDICTIONS)[number];

/** The stepper's presets, in the order the picker lists them. */
export const PRESET_IDS = [
  'default',
  'all-live',
  'reaped',
  'wrongtype-midbatch',
  'unpaired-trailing',
  'negative-lease',
  'lane-job',
  'read-only-caller',
  'epoch-stamp',
  'shape-checks',
  'thousand',
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

/** The sections of the dive, in the seed's order, by their stable heading ids. */
export const SECTION_IDS = [
  'two-beats',
  'single-vs-batch',
  'native-twin',
  'pattern-implementation',
  'bullmq',
  'recap',
  'references',
  'related',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Where a run the stepper asked for stands: made, impossible in this build, or still loading. */
export const RUN_STATES = ['ready', 'unavailable', 'loading'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** Whether an id is one of `ids`, narrowing it to their type (for ids read from a URL or a file). */
export function isOneOf<const T extends readonly string[]>(
  ids: T,
  value: unknown,
): value is T[number] {
  return typeof value === 'string' && (ids as readonly string[]).includes(value);
}
