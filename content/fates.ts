/**
 * The fate picker's words: each fate's radio label, and one sentence (or two) on why it ends
 * as it does. `backticks` mark code; every code span must be a name the lesson uses or a
 * fragment of a computed answer, and each sentence's claims are held to the computed answers
 * (src/fates/catalogue.ts and its tests). The one-job scenarios are in the catalogue.
 */
import type { FateId } from '../src/vocabulary/index.ts';

export const fateWords: Record<FateId, { label: string; why: string }> = {
  live: {
    label: 'live',
    why: 'The row exists, its attempts equals the token and the id is in `active`, so every path re-scores it to `now + lease`; only the native commands stamp `lease_epoch`.',
  },
  'no-row': {
    label: 'no row',
    why: 'The first check reads the row and finds none, so the single verb answers `{:error, :gone}` and the batch collects the id into failed, even though the id still sits in `active`.',
  },
  'stale-token': {
    label: 'stale token',
    why: 'The job was claimed again, so its row says attempts 2 while this holder still sends token 1: the token check refuses, with `{:error, :stale}` from the single verb and a failed entry from the batch.',
  },
  'not-in-active': {
    label: 'not in active (reaped)',
    why: 'The lease lapsed and the job was reaped back to pending with its attempts unchanged, so the token still matches; only the `ZSCORE` guard refuses it (`{:error, :not_active}`, or failed in the batch), and the id is never put back in `active`.',
  },
  'lane-job': {
    label: 'lane job',
    why: 'The row carries a `group` field, but no check reads it: the lane job is re-scored exactly as a flat job would be, and the native commands stamp `lease_epoch` on it.',
  },
  'wrong-type': {
    label: 'wrong-type row',
    why: 'The row key holds a string, so reading `attempts` from it is a `WRONGTYPE` error: no verdict is reached on any path, the verbs pass the error on, and nothing is re-scored or stamped.',
  },
  'ill-formed-id': {
    label: 'ill-formed id',
    why: 'The id holds a space, so `Keyspace.job_key/2` raises `ArgumentError` and neither verb sends anything on either wire; the server itself never checks ids, so a raw call that skips the gate finds the row and re-scores it.',
  },
  'read-only': {
    label: 'read-only caller',
    why: 'This caller may read the job rows but not write them, and a declared key needs write access: the single script and `EMQ.EXTEND` declare the row, so both get `NOPERM`. The batch script only reads the row it derives, so it is served; `EMQ.EXTENDS` opens the row for write before it stamps it, and refuses with `NOPERM`, writing nothing.',
  },
};

/**
 * The words the picker puts around the computed answers: its heading, the grid's headers, the
 * verdict chips, the one-job state and the lease_epoch line. `{name}` is a slot the code fills
 * (src/fates/present.ts and the picker's components); the content schema checks each sentence
 * names exactly those slots.
 */
export const pickerWords = {
  heading: 'A job’s fate, two verbs · read both answers',
  legend: 'Pick a job’s fate',
  stateRegion: 'The one-job state',
  gridCaption: 'What each call answers when the fate is: {fate}',
  columns: {
    script: { name: 'script', sub: 'wire 4 · EVALSHA' },
    native: { name: 'native', sub: 'wire 6 · EMQ.*' },
  },
  rowHeads: {
    single: { name: 'single', sub: 'one id' },
    batch: { name: 'batch', sub: 'many ids' },
  },
  stepIt: 'Step it',
  stepItMeans: ': open the stepper on this state ({fate})',
  noStep: 'Nothing to step: the stepper refuses this id as the verb does ({refused}).',
  verdicts: {
    rescored: 're-scored',
    failed: 'joins failed',
    refused: 'refused',
    error: 'error',
    raised: 'raises · nothing sent',
    /** a verdict with the reply's error code */
    withCode: '{verdict} · {code}',
  },
  facts: {
    held: 'held',
    heldValue: '`{id}` · token {token}',
    row: 'row',
    noRow: 'none',
    wrongType: 'a string, not a hash',
    attempts: 'attempts {attempts}{group}',
    group: ' · group `{group}`',
    where: 'where',
    inActive: 'in `active`, {seconds} s of lease left',
    reaped: 'reaped to `pending`, gone from `active`',
    neither: 'in neither set',
    caller: 'caller',
    full: 'full access',
    readOnly: 'may only read the job rows',
  },
  /** each run, as the lease_epoch line names it */
  commands: {
    'single.script.verb': 'extend_lock/5 on wire 4',
    'single.script.raw': 'the single script',
    'single.native.verb': 'extend_lock/5 on wire 6',
    'single.native.raw': 'EMQ.EXTEND',
    'batch.script.verb': 'extend_locks/4 on wire 4',
    'batch.script.raw': 'the batch script',
    'batch.native.verb': 'extend_locks/4 on wire 6',
    'batch.native.raw': 'EMQ.EXTENDS',
  },
  epoch: {
    none: 'not stamped: no run wrote it',
    stamped: "stamped with the server's run_id `{runId}…`",
    byRawOrWire6: ' by {names}, sent raw or by the verbs on wire 6',
    byRawOnly: ' by {names} from a raw client (the verbs raise before sending them)',
    by: ' by {names}',
    noScript: '; the scripts write no such field',
    and: ' and ',
  },
  /** what the live region says when a fate is picked */
  announce: {
    fate: '{fate}.',
    part: '{name}: {verdict};',
    single: 'single',
    batch: 'batch',
    epochStamped: 'lease_epoch stamped.',
    epochNotStamped: 'lease_epoch not stamped.',
  },
} as const;
