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
