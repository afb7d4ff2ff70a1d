import type { Job, Scenario } from './scenario.ts';

/** A row with `attempts` (and a `group` for a lane job), in active at `score`. */
function live(id: string, attempts = '1', opts: { group?: string; score?: string } = {}): Job {
  const fields: Array<[string, string]> = [['attempts', attempts]];
  if (opts.group) fields.push(['group', opts.group]);
  return { id, row: { kind: 'hash', fields }, activeScore: opts.score ?? '100', pending: false };
}
/** A lease that lapsed and was reaped: the row keeps its attempts, the id waits in pending. */
function reaped(id: string, attempts = '1'): Job {
  return {
    id,
    row: { kind: 'hash', fields: [['attempts', attempts]] },
    activeScore: null,
    pending: true,
  };
}
/** The row is gone while the id is still in active. */
function goneInActive(id: string): Job {
  return { id, row: { kind: 'none' }, activeScore: '100', pending: false };
}
/** A string where the row hash should be. */
function stringRow(id: string): Job {
  return { id, row: { kind: 'string', value: '1' }, activeScore: '100', pending: false };
}

const base: Scenario = {
  script: 'batch',
  queue: 'q',
  active: 'zset',
  jobs: [],
  pairs: [],
  trailing: null,
  lease: '30000',
  bystanders: false,
};
const batch = (over: Partial<Scenario>): Scenario => ({ ...base, ...over });
const single = (over: Partial<Scenario>): Scenario => ({ ...base, script: 'single', ...over });

/**
 * Named scenarios run through the same comparison as the generated ones: the
 * corners the lesson teaches, and every counterexample the generated run finds
 * (shrunk by fast-check), so a fixed divergence stays fixed. To pin one, copy the
 * `scenario:` line of the failure message into a new entry with a name that says
 * what diverged. The run at the pinned seed has found none so far.
 */
export const REGRESSIONS: Array<{ name: string; scenario: Scenario }> = [
  {
    name: 'four live leases are re-scored at one shared now',
    scenario: batch({
      jobs: ['JOB0KHTOWnGLuA', 'JOB1', 'JOB2', 'JOB3'].map((id) => live(id)),
      pairs: ['JOB0KHTOWnGLuA', 'JOB1', 'JOB2', 'JOB3'].map((id) => [id, '1']),
    }),
  },
  {
    name: 'a reaped lease keeps its token but is not resurrected',
    scenario: batch({
      jobs: [reaped('J0'), live('J1')],
      pairs: [
        ['J0', '1'],
        ['J1', '1'],
      ],
    }),
  },
  {
    name: 'no row, stale token, gone from active and unknown ids are all collected',
    scenario: batch({
      jobs: [live('J0', '2'), goneInActive('J1'), live('J2', '3', { score: '7' })],
      pairs: [
        ['J0', '1'],
        ['J1', '1'],
        ['nobody', '1'],
        ['J2', '3'],
      ],
    }),
  },
  {
    name: 'tokens compare as strings: 01 and 1.0 are not 1',
    scenario: batch({
      jobs: [live('J0'), live('J1', '01')],
      pairs: [
        ['J0', '01'],
        ['J0', '1.0'],
        ['J1', '1'],
      ],
    }),
  },
  {
    name: 'a lane job extends like a flat one',
    scenario: batch({ jobs: [live('J0', '1', { group: 'g1' })], pairs: [['J0', '1']] }),
  },
  {
    name: 'a wrong-type row aborts the batch and keeps the ZADDs before it',
    scenario: batch({
      jobs: [live('J0'), stringRow('J1'), live('J2')],
      pairs: [
        ['J0', '1'],
        ['J1', '1'],
        ['J2', '1'],
      ],
    }),
  },
  {
    name: 'a wrong-type active key fails at the membership check',
    scenario: batch({ active: 'list', jobs: [live('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'a trailing unpaired id is never read',
    scenario: batch({ jobs: [live('J0'), live('J1')], pairs: [['J0', '1']], trailing: 'J1' }),
  },
  {
    name: 'a duplicated id is re-scored twice and reported twice when stale',
    scenario: batch({
      jobs: [live('J0'), live('J1', '2')],
      pairs: [
        ['J0', '1'],
        ['J1', '1'],
        ['J0', '1'],
        ['J1', '1'],
      ],
    }),
  },
  { name: 'an empty batch answers an empty list', scenario: batch({ jobs: [live('J0')] }) },
  {
    name: 'a lone trailing id is an empty batch',
    scenario: batch({ jobs: [live('J0')], trailing: 'J0' }),
  },
  ...[' 7 ', '1e3', '0x10', '-5', '1.5', '0', 'inf', '-inf', '1e300', '9007199254740993'].map(
    (lease) => ({
      name: `lease ${JSON.stringify(lease)} is what tonumber makes of it`,
      scenario: batch({
        lease,
        jobs: [live('J0'), live('J1')],
        pairs: [
          ['J0', '1'],
          ['J1', '1'],
        ],
      }),
    }),
  ),
  ...['', 'abc', 'nan', '0x', '1e'].map((lease) => ({
    name: `lease ${JSON.stringify(lease)} fails at the first live member only`,
    scenario: batch({
      lease,
      jobs: [live('J0', '2'), live('J1')],
      pairs: [
        ['J0', '1'],
        ['J1', '1'],
        ['J0', '2'],
      ],
    }),
  })),
  {
    name: 'a bad lease with nothing live is never used',
    scenario: batch({ lease: 'abc', jobs: [reaped('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: a live lease answers 1',
    scenario: single({ jobs: [live('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: no row is EMQGONE',
    scenario: single({ jobs: [goneInActive('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: a stale token is EMQSTALE',
    scenario: single({ jobs: [live('J0', '2')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: a reaped lease is EMQNOTACTIVE',
    scenario: single({ jobs: [reaped('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: a wrong-type row is WRONGTYPE',
    scenario: single({ jobs: [stringRow('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: a wrong-type active key is WRONGTYPE at ZSCORE',
    scenario: single({ active: 'string', jobs: [live('J0')], pairs: [['J0', '1']] }),
  },
  {
    name: 'single: a nil lease fails in the arithmetic',
    scenario: single({ lease: 'abc', jobs: [live('J0')], pairs: [['J0', '1']] }),
  },
];
