import fc from 'fast-check';
import type { ActiveKind, Job, Row, Scenario } from './scenario.ts';

/** Tokens a caller could send that differ from a stored `1` only as strings. */
export const ODD_TOKENS = [
  '01',
  '',
  ' 1',
  '1.0',
  '-1',
  '99999999999999999999',
  '1 ',
  '+1',
] as const;

/** The leases the issue names: Lua's `tonumber` decides each one. */
export const ODD_LEASES = [
  ' 7 ',
  '1e3',
  '0x10',
  '',
  'abc',
  'inf',
  'nan',
  '-5',
  '1.5',
  '0',
] as const;

/** Further corners of `tonumber` and of score formatting, drawn less often. */
export const EXTRA_LEASES = [
  '9007199254740993',
  '1e300',
  '-inf',
  '0x1p4',
  '.5',
  '5.',
  '1e',
  '0x',
  'INF',
  '\t3\n',
  '-0',
  '1e-3',
  '0X1F',
  'infinity',
  ' nan ',
  '0.1',
  '2.7',
  '1e+3',
  '+5',
  '1e309',
  '-0x10',
  '\v5\f',
  '1e-400',
  '0x7fffffffffffffff',
  'nan(123)',
  '-nan',
  'Infinity',
  '99999999999999999999999',
] as const;

/** Stored `attempts` values: mostly counters, a few that only match as exact strings. */
const ATTEMPTS = ['1', '1', '2', '3', '7', '0', '12', '01', '1.0', ''] as const;

/** Active scores before the run: plain, fractional, huge and infinite, to test formatting. */
const SCORES = ['100', '1700000000000', '5', '0', '-3', '1.5', '2.25', '1e20', 'inf', '-inf'];

/** Ids no job has: odd strings the script must treat as plain ids. */
export const ODD_IDS = [
  '',
  ' ',
  'a b',
  '{q}',
  'job:1',
  'ü',
  'J0 ',
  '\t',
  'x'.repeat(300),
  '-1',
  'x\u0000y',
];

/** The job states the generator builds; each maps to the fates the coverage test counts. */
export type JobKind =
  | 'active-row'
  | 'reaped'
  | 'gone-active'
  | 'no-row'
  | 'wrong-type-row'
  | 'no-attempts'
  | 'row-not-active';

const score = fc.constantFrom(...SCORES);
const attempts = fc.constantFrom(...ATTEMPTS);
const group = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('g1', 'tenant:7') },
);

/** A hash row; `withAttempts` false leaves the field out so HGET answers nil. */
function hashRow(withAttempts: boolean): fc.Arbitrary<Row> {
  return fc
    .record({ att: attempts, group, data: fc.boolean(), attemptsFirst: fc.boolean() })
    .map(({ att, group: g, data, attemptsFirst }) => {
      const fields: Array<[string, string]> = [];
      if (withAttempts && attemptsFirst) fields.push(['attempts', att]);
      if (data) fields.push(['data', '{"n":1}']);
      if (g !== null) fields.push(['group', g]);
      if (withAttempts && !attemptsFirst) fields.push(['attempts', att]);
      if (fields.length === 0) fields.push(['state', 'active']);
      return { kind: 'hash', fields } as const;
    });
}

const wrongTypeRow: fc.Arbitrary<Row> = fc.oneof(
  fc.constantFrom('1', 'attempts').map((value): Row => ({ kind: 'string', value })),
  fc.constant<Row>({ kind: 'list', items: ['attempts', '1'] }),
  fc.constant<Row>({ kind: 'zset', members: [['1', 'attempts']] }),
);

type JobState = Omit<Job, 'id'>;

/** One job state of a given kind. */
function jobOf(kind: JobKind): fc.Arbitrary<JobState> {
  const inActive = score.map((s): string | null => s);
  switch (kind) {
    case 'active-row':
      return fc.record({ row: hashRow(true), activeScore: inActive, pending: fc.constant(false) });
    case 'reaped':
      return fc.record({
        row: hashRow(true),
        activeScore: fc.constant(null),
        pending: fc.constant(true),
      });
    case 'gone-active':
      return fc.record({
        row: fc.constant<Row>({ kind: 'none' }),
        activeScore: inActive,
        pending: fc.constant(false),
      });
    case 'no-row':
      return fc.record({
        row: fc.constant<Row>({ kind: 'none' }),
        activeScore: fc.constant(null),
        pending: fc.boolean(),
      });
    case 'wrong-type-row':
      return fc.record({
        row: wrongTypeRow,
        activeScore: fc.option(score, { freq: 3, nil: null }),
        pending: fc.constant(false),
      });
    case 'no-attempts':
      return fc.record({ row: hashRow(false), activeScore: inActive, pending: fc.constant(false) });
    case 'row-not-active':
      return fc.record({
        row: hashRow(true),
        activeScore: fc.constant(null),
        pending: fc.constant(false),
      });
  }
}

/** Relative weights of the job kinds; `wrong-type-row` aborts a batch, so large batches may drop it. */
const KIND_WEIGHTS: Array<[JobKind, number]> = [
  ['active-row', 40],
  ['reaped', 10],
  ['gone-active', 9],
  ['no-row', 7],
  ['wrong-type-row', 5],
  ['no-attempts', 4],
  ['row-not-active', 5],
];

/** A job state drawn from the kind weights, optionally without wrong-type rows. */
export function jobStateArb(allowWrongType: boolean): fc.Arbitrary<JobState> {
  return fc.oneof(
    ...KIND_WEIGHTS.filter(([k]) => allowWrongType || k !== 'wrong-type-row').map(
      ([k, weight]) => ({
        weight,
        arbitrary: jobOf(k),
      }),
    ),
  );
}

/** A job id: unique by its index, with an occasional odd tail. */
function jobId(index: number, tail: string): string {
  return `J${index}${tail}`;
}
// 'ｱ' and '😀' sort one way by UTF-8 bytes and the other by UTF-16 units: members
// re-scored to one shared score must come back in the server's byte order
const idTail = fc.constantFrom('', '', '', 'KHTOWnGLuA', ':x', '.b', 'ü', 'ｱ', '😀');

/** How a pair chooses its token: the row's attempts, an odd token, or another counter. */
type TokenChoice = { kind: 'match' } | { kind: 'literal'; value: string };
const tokenChoice: fc.Arbitrary<TokenChoice> = fc.oneof(
  { weight: 65, arbitrary: fc.constant<TokenChoice>({ kind: 'match' }) },
  {
    weight: 20,
    arbitrary: fc
      .constantFrom(...ODD_TOKENS)
      .map((value): TokenChoice => ({ kind: 'literal', value })),
  },
  {
    weight: 15,
    arbitrary: fc
      .integer({ min: 0, max: 20 })
      .map((n): TokenChoice => ({ kind: 'literal', value: String(n) })),
  },
);

/** A pair before resolution: a pick among the jobs, or an id no job has. */
type PairRef =
  | { kind: 'job'; pick: number; token: TokenChoice }
  | { kind: 'unknown'; id: string; token: string };
const unknownId = fc.oneof(
  fc.constantFrom(...ODD_IDS),
  fc.nat({ max: 999 }).map((n) => `U${n}`),
);
const pairRef: fc.Arbitrary<PairRef> = fc.oneof(
  {
    weight: 85,
    arbitrary: fc.record({ kind: fc.constant('job' as const), pick: fc.nat(), token: tokenChoice }),
  },
  {
    weight: 15,
    arbitrary: fc.record({
      kind: fc.constant('unknown' as const),
      id: unknownId,
      token: fc.oneof(fc.constant('1'), fc.constantFrom(...ODD_TOKENS)),
    }),
  },
);

/** The lease: mostly a plain positive integer, often one of the odd strings. */
export const leaseArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 50, arbitrary: fc.integer({ min: 1, max: 600_000 }).map(String) },
  { weight: 30, arbitrary: fc.constantFrom(...ODD_LEASES) },
  { weight: 20, arbitrary: fc.constantFrom(...EXTRA_LEASES) },
);

const activeKind: fc.Arbitrary<ActiveKind> = fc.oneof(
  { weight: 22, arbitrary: fc.constant<ActiveKind>('zset') },
  { weight: 1, arbitrary: fc.constantFrom<ActiveKind>('string', 'hash', 'list') },
);
const queueName = fc.constantFrom('q', 'q', 'mail', 'a:b', 'pay ments');

/** Bounds of one family of scenarios. */
export interface BatchShape {
  jobs: { min: number; max: number };
  pairs: { min: number; max: number };
  allowWrongType: fc.Arbitrary<boolean>;
  trailing: boolean;
}

/** Turns the raw draws into a scenario: picks become ids, `match` becomes the row's attempts. */
function resolve(
  script: Scenario['script'],
  raw: {
    queue: string;
    active: ActiveKind;
    states: JobState[];
    tails: string[];
    refs: PairRef[];
    trailing: PairRef | null;
    lease: string;
    bystanders: boolean;
  },
): Scenario {
  const jobs: Job[] = raw.states.map((st, i) => ({ id: jobId(i, raw.tails[i] ?? ''), ...st }));
  const toPair = (ref: PairRef): [string, string] => {
    if (ref.kind === 'unknown' || jobs.length === 0) {
      return ref.kind === 'unknown' ? [ref.id, ref.token] : [`U${ref.pick % 1000}`, '1'];
    }
    const job = jobs[ref.pick % jobs.length] as Job;
    if (ref.token.kind === 'literal') return [job.id, ref.token.value];
    const att =
      job.row.kind === 'hash' ? job.row.fields.find(([f]) => f === 'attempts')?.[1] : undefined;
    return [job.id, att ?? '1'];
  };
  return {
    script,
    queue: raw.queue,
    active: raw.active,
    jobs,
    pairs: raw.refs.map(toPair),
    trailing: raw.trailing ? toPair(raw.trailing)[0] : null,
    lease: raw.lease,
    bystanders: raw.bystanders,
  };
}

/** Batch-script scenarios of one shape. */
export function batchArb(shape: BatchShape): fc.Arbitrary<Scenario> {
  return shape.allowWrongType
    .chain((allowWrongType) =>
      fc.record({
        queue: queueName,
        active: activeKind,
        states: fc.array(jobStateArb(allowWrongType), {
          minLength: shape.jobs.min,
          maxLength: shape.jobs.max,
        }),
        tails: fc.array(idTail, { minLength: shape.jobs.max, maxLength: shape.jobs.max }),
        refs: fc.array(pairRef, { minLength: shape.pairs.min, maxLength: shape.pairs.max }),
        trailing: shape.trailing ? fc.option(pairRef, { freq: 6, nil: null }) : fc.constant(null),
        lease: leaseArb,
        bystanders: fc.boolean(),
      }),
    )
    .map((raw) => resolve('batch', raw));
}

/** Single-script scenarios: one to three jobs in the keyspace and one pair. */
export const singleArb: fc.Arbitrary<Scenario> = fc
  .record({
    queue: queueName,
    active: activeKind,
    states: fc.array(jobStateArb(true), { minLength: 1, maxLength: 3 }),
    tails: fc.array(idTail, { minLength: 3, maxLength: 3 }),
    refs: fc.tuple(pairRef),
    trailing: fc.constant(null),
    lease: leaseArb,
    bystanders: fc.boolean(),
  })
  .map((raw) => resolve('single', raw));

/** Small batches: the bulk of the run, every fate mixed. */
export const SMALL: BatchShape = {
  jobs: { min: 0, max: 8 },
  pairs: { min: 1, max: 12 },
  allowWrongType: fc.constant(true),
  trailing: true,
};
/** Empty batches: no pairs at all, sometimes a lone trailing id. */
export const EMPTY: BatchShape = {
  jobs: { min: 0, max: 3 },
  pairs: { min: 0, max: 0 },
  allowWrongType: fc.constant(true),
  trailing: true,
};
/** Several hundred pairs; mostly without wrong-type rows so the batch runs to its end. */
export const LARGE: BatchShape = {
  jobs: { min: 150, max: 300 },
  pairs: { min: 200, max: 400 },
  allowWrongType: fc.oneof(
    { weight: 5, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  trailing: true,
};

/** The differential suite's scenario stream: both scripts, every batch family. */
export const scenarioArb: fc.Arbitrary<Scenario> = fc.oneof(
  { weight: 12, arbitrary: batchArb(SMALL) },
  { weight: 1, arbitrary: batchArb(EMPTY) },
  { weight: 1, arbitrary: batchArb(LARGE) },
  { weight: 6, arbitrary: singleArb },
);

/**
 * One batch of exactly `pairs` pairs with mixed fates and a plain lease, for the
 * benchmark (100 / 10,000 / 100,000 pairs): every id gets a job of a random kind,
 * wrong-type rows are left out so the script runs through, and the same seed
 * always builds the same batch.
 */
export function sampleBatch(pairs: number, seed: number, lease = '30000'): Scenario {
  const arb = batchArb({
    jobs: { min: pairs, max: pairs },
    pairs: { min: pairs, max: pairs },
    allowWrongType: fc.constant(false),
    trailing: false,
  });
  const [s] = fc.sample(arb, { seed, numRuns: 1 });
  if (!s) throw new Error('fast-check produced no sample');
  return { ...s, queue: 'q', active: 'zset', lease, bystanders: false };
}
