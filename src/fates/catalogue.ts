/**
 * The fates a held lease can meet, each as a one-job scenario the simulated server is put
 * into. Nothing here says what the verbs answer: that is computed (see compute.ts). Each fate
 * carries its words from content/fates.ts (a label, a sentence on why) and the claims that
 * sentence makes, so a test can hold the prose to the computed answers.
 */
import { fateWords } from '../../content/fates.ts';
import type { Arity, Executor, FateId, FateVerdict, RunKey } from '../vocabulary/index.ts';
import { liveJob, scenarioOf, SEED_ID, type JobState, type Scenario } from '../scenario/index.ts';

export type { FateId };

/** Which call a cell of the 2×2 is about. */
export type { Arity };

export type { Executor };

/** What happened to the lease on one run, read from the reply and the keyspace after it. */
export type Verdict = FateVerdict;

/** A run named by its cell and its client: `batch.native.raw` is a bare EMQ.EXTENDS. */
export type { RunKey };

/** What a fate's why-sentence asserts, checked against the computed answers by a test. */
export interface FateClaims {
  verdicts: Partial<Record<RunKey, Verdict>>;
  /** whether any run leaves lease_epoch on the row */
  stamped: boolean;
}

export interface Fate {
  id: FateId;
  /** the radio's label */
  label: string;
  /** the one-job state: one held pair, one job on the server */
  scenario: Scenario;
  /** one sentence (or two) on why; `backticks` mark code, and every code span must be a name
   * the lesson uses or a fragment of a computed answer */
  why: string;
  claims: FateClaims;
}

const job = liveJob;

/** One held pair and the one job it names: the state every fate is computed on. */
const oneJob = (state: JobState, token: number, extra: Partial<Scenario> = {}): Scenario =>
  scenarioOf([state], [{ id: state.id, token }], extra);

/** An id the key gate refuses (it holds a space) that a raw client could still send. */
export const ILL_FORMED_ID = 'JOB0KHTZ 8pQwN';

const all = (v: Verdict): Partial<Record<RunKey, Verdict>> => ({
  'single.script.verb': v,
  'single.script.raw': v,
  'single.native.verb': v,
  'single.native.raw': v,
  'batch.script.verb': v,
  'batch.script.raw': v,
  'batch.native.verb': v,
  'batch.native.raw': v,
});

const single = (v: Verdict) => ({
  'single.script.verb': v,
  'single.script.raw': v,
  'single.native.verb': v,
  'single.native.raw': v,
});

const batch = (v: Verdict) => ({
  'batch.script.verb': v,
  'batch.script.raw': v,
  'batch.native.verb': v,
  'batch.native.raw': v,
});

/** Every fate, in the order the picker lists them; the first is the default. */
export const FATES: readonly Fate[] = [
  {
    id: 'live',
    ...fateWords['live'],
    scenario: oneJob(job(SEED_ID), 1),
    claims: { verdicts: all('rescored'), stamped: true },
  },
  {
    id: 'no-row',
    ...fateWords['no-row'],
    scenario: oneJob(job('JOB0KHTQ8mRsLd', { row: 'none' }), 1),
    claims: { verdicts: { ...single('refused'), ...batch('failed') }, stamped: false },
  },
  {
    id: 'stale-token',
    ...fateWords['stale-token'],
    scenario: oneJob(job('JOB0KHTP2xVbQe', { attempts: 2 }), 1),
    claims: { verdicts: { ...single('refused'), ...batch('failed') }, stamped: false },
  },
  {
    id: 'not-in-active',
    ...fateWords['not-in-active'],
    scenario: oneJob(job('JOB0KHTR5cWyNf', { place: 'pending', leaseLeftMs: 0 }), 1),
    claims: { verdicts: { ...single('refused'), ...batch('failed') }, stamped: false },
  },
  {
    id: 'lane-job',
    ...fateWords['lane-job'],
    scenario: oneJob(job('JOB0KHTX4sEoBi', { attempts: 3, group: 'tenant-7' }), 3),
    claims: { verdicts: all('rescored'), stamped: true },
  },
  {
    id: 'wrong-type',
    ...fateWords['wrong-type'],
    scenario: oneJob(job('JOB0KHTV6gHjTy', { row: 'wrongtype' }), 1),
    claims: { verdicts: all('error'), stamped: false },
  },
  {
    id: 'ill-formed-id',
    ...fateWords['ill-formed-id'],
    scenario: oneJob(job(ILL_FORMED_ID), 1),
    claims: {
      verdicts: {
        'single.script.verb': 'raised',
        'single.native.verb': 'raised',
        'batch.script.verb': 'raised',
        'batch.native.verb': 'raised',
        'single.script.raw': 'rescored',
        'batch.script.raw': 'rescored',
        'single.native.raw': 'rescored',
        'batch.native.raw': 'rescored',
      },
      stamped: true,
    },
  },
  {
    id: 'read-only',
    ...fateWords['read-only'],
    scenario: oneJob(job(SEED_ID), 1, { caller: 'read-only' }),
    claims: {
      verdicts: {
        ...single('error'),
        'batch.script.verb': 'rescored',
        'batch.script.raw': 'rescored',
        'batch.native.verb': 'error',
        'batch.native.raw': 'error',
      },
      stamped: false,
    },
  },
];

/** The fate the page renders first (before any script runs). */
export const DEFAULT_FATE: FateId = 'live';

/** The fate with id `id`. */
export function fateById(id: FateId): Fate {
  const f = FATES.find((x) => x.id === id);
  if (!f) throw new Error(`unknown fate ${id}`);
  return f;
}

/** The query parameter that names the fate a picker shows (its embed page, the lesson's link). */
export const FATE_PARAM = 'fate';
