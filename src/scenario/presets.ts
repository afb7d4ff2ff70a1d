import { presetWords } from '../../content/presets.ts';
import { PRESET_IDS, type PresetId } from '../vocabulary/index.ts';
import type { HeldPair, JobState, Scenario } from './types.ts';

/** A fixed server clock, so every preset reads the same TIME: 2025-11-30 12:00:00.250 UTC. */
export const DEFAULT_CLOCK_MS = 1_764_504_000_250;
export const DEFAULT_LEASE_MS = 30_000;

/** The seed's first member: a live lease, token 1, attempts 1, in active. */
export const SEED_ID = 'JOB0KHTOWnGLuA';

/** A job with a live lease (a hash row, in active); `extra` changes any part of its state. */
export const liveJob = (id: string, extra: Partial<JobState> = {}): JobState => ({
  id,
  row: 'hash',
  attempts: 1,
  group: null,
  place: 'active',
  leaseLeftMs: 4_000,
  ...extra,
});

const live = (id: string, attempts = 1, leaseLeftMs = 4_000): JobState =>
  liveJob(id, { attempts, leaseLeftMs });

/** A scenario on the default queue, clock and lease, called through the verb as a full caller. */
export function scenarioOf(
  jobs: JobState[],
  held: HeldPair[],
  extra: Partial<Scenario> = {},
): Scenario {
  return {
    queue: 'q',
    held,
    jobs,
    leaseMs: DEFAULT_LEASE_MS,
    clockMs: DEFAULT_CLOCK_MS,
    caller: 'full',
    client: 'verb',
    trailingId: null,
    activeKeyOverride: null,
    ...extra,
  };
}

/**
 * The seed's four-lease walk: one of each fate, in the order the lesson tells them.
 * A live lease, a stale token (the row moved on to attempts 2), a row that is gone
 * (its id still sits in active, so only the row check can refuse it), and a lease
 * that lapsed and was reaped to pending (its token still matches: only the guard refuses it).
 */
function fourLeases(): Scenario {
  const jobs: JobState[] = [
    live(SEED_ID, 1, 4_000),
    live('JOB0KHTP2xVbQe', 2, 9_000),
    { ...live('JOB0KHTQ8mRsLd', 1, 2_500), row: 'none' },
    { ...live('JOB0KHTR5cWyNf', 1, 0), place: 'pending' },
  ];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: 1 })),
  );
}

function allLive(): Scenario {
  const ids = [SEED_ID, 'JOB0KHTS3kPaZr', 'JOB0KHTT7nDuEw', 'JOB0KHTU1bMqXs'];
  const jobs = ids.map((id, n) => live(id, n + 1, 1_500 * (n + 1)));
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: j.attempts })),
  );
}

function reaped(): Scenario {
  const jobs = [live(SEED_ID), { ...live('JOB0KHTR5cWyNf', 1, 0), place: 'pending' as const }];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: 1 })),
  );
}

function wrongType(): Scenario {
  const jobs: JobState[] = [
    live(SEED_ID),
    { ...live('JOB0KHTV6gHjTy'), row: 'wrongtype' },
    live('JOB0KHTS3kPaZr', 1, 6_000),
  ];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: 1 })),
  );
}

function unpaired(): Scenario {
  const jobs = [live(SEED_ID), live('JOB0KHTS3kPaZr', 2)];
  return scenarioOf(
    [...jobs, live('JOB0KHTW9fLcGv')],
    jobs.map((j) => ({ id: j.id, token: j.attempts })),
    { client: 'raw', trailingId: 'JOB0KHTW9fLcGv' },
  );
}

function negativeLease(): Scenario {
  const jobs = [live(SEED_ID), live('JOB0KHTS3kPaZr', 1, 7_000)];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: 1 })),
    { client: 'raw', leaseMs: -30_000 },
  );
}

function readOnlyCaller(): Scenario {
  return { ...allLive(), caller: 'read-only' };
}

function epochStamp(): Scenario {
  const jobs = [live(SEED_ID), live('JOB0KHTS3kPaZr', 2, 6_000)];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: j.attempts })),
  );
}

function shapeChecks(): Scenario {
  const jobs = [live(SEED_ID)];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: 1 })),
    { client: 'raw', activeKeyOverride: 'emq:{q2}:active' },
  );
}

function laneJob(): Scenario {
  const jobs = [live(SEED_ID), { ...live('JOB0KHTX4sEoBi', 3), group: 'tenant-7' }];
  return scenarioOf(
    jobs,
    jobs.map((j) => ({ id: j.id, token: j.attempts })),
  );
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A deterministic 14-character id in the seed's shape, JOB0K followed by nine base-62 digits. */
export function generatedId(n: number): string {
  let s = '';
  let v = n * 7_919 + 104_729;
  for (let d = 0; d < 9; d++) {
    s = ALPHABET[v % 62] + s;
    v = Math.floor(v / 62);
  }
  return `JOB0K${s}`;
}

/** How many leases the `thousand` preset holds. */
export const THOUSAND_LEASES = 1_000;

/** 1,000 leases (or `count`): mostly live, with every fate mixed in at fixed strides. */
export function thousandLeases(count = THOUSAND_LEASES): Scenario {
  const jobs: JobState[] = [];
  for (let n = 0; n < count; n++) {
    const id = n === 0 ? SEED_ID : generatedId(n);
    const base = live(id, 1 + (n % 3), 1_000 + ((n * 37) % 9_000));
    if (n % 40 === 39) jobs.push({ ...base, place: 'pending' });
    else if (n % 25 === 24) jobs.push({ ...base, row: 'none' });
    else jobs.push(base);
  }
  const held = jobs.map((j, n) => ({
    id: j.id,
    // every tenth holder is behind: its token is one attempt stale
    token: n % 10 === 9 ? j.attempts + 1 : j.attempts,
  }));
  return scenarioOf(jobs, held);
}

export type { PresetId };

export interface Preset {
  id: PresetId;
  label: string;
  /** one sentence: what the preset shows */
  blurb: string;
  build: () => Scenario;
}

const BUILDERS: Record<PresetId, () => Scenario> = {
  default: fourLeases,
  'all-live': allLive,
  reaped: reaped,
  'wrongtype-midbatch': wrongType,
  'unpaired-trailing': unpaired,
  'negative-lease': negativeLease,
  'lane-job': laneJob,
  'read-only-caller': readOnlyCaller,
  'epoch-stamp': epochStamp,
  'shape-checks': shapeChecks,
  thousand: () => thousandLeases(),
};

/**
 * How many held pairs a preset's scenario has, for the presets too big to build only to compare
 * with: telling an equal scenario made another way (a link, the fate picker) by its text need
 * not build and print 1,000 leases when it holds four.
 */
export const PRESET_PAIRS: Readonly<Partial<Record<PresetId, number>>> = {
  thousand: THOUSAND_LEASES,
};

// Each scenario a preset built, by the preset: a scenario is never changed in place, so the
// object alone says which preset it is, without printing 1,000 leases to compare them.
const builtBy = new WeakMap<Scenario, PresetId>();

/**
 * The seed's four-lease walk (the `default` preset), known as that preset's: the stepper opens
 * on it, and telling its preset otherwise would print every preset to compare, the 1,000-lease
 * one included, on the page's first render.
 */
export function defaultScenario(): Scenario {
  const scenario = fourLeases();
  builtBy.set(scenario, 'default');
  return scenario;
}

/** The preset that built this very scenario object, if one did. */
export const builderOf = (scenario: Scenario): PresetId | undefined => builtBy.get(scenario);

/** Every preset, in the vocabulary's order; the words come from content/presets.ts. */
export const PRESETS: readonly Preset[] = PRESET_IDS.map((id) => ({
  id,
  ...presetWords[id],
  build: () => {
    const scenario = BUILDERS[id]();
    builtBy.set(scenario, id);
    return scenario;
  },
}));

/** The preset with id `id`. */
export function presetById(id: PresetId): Preset {
  const p = PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`unknown preset ${id}`);
  return p;
}
