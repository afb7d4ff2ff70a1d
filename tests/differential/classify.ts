import type { Job, Scenario } from './scenario.ts';

/** What the script meets at one pair, named as the coverage figures count it. */
export type PairFate =
  | 'live'
  | 'lane'
  | 'stale'
  | 'reaped'
  | 'not-active'
  | 'gone-in-active'
  | 'no-row'
  | 'unknown'
  | 'no-attempts'
  | 'wrong-type-row'
  | 'wrong-type-active';

/** Fates at which the script stops with an error. */
const ABORTS: ReadonlySet<PairFate> = new Set(['wrong-type-row', 'wrong-type-active']);

function fateOf(s: Scenario, byId: Map<string, Job>, id: string, token: string): PairFate {
  const job = byId.get(id);
  if (!job) return 'unknown';
  const { row } = job;
  const inActive = s.active === 'zset' && job.activeScore !== null;
  if (row.kind === 'none') return inActive ? 'gone-in-active' : 'no-row';
  if (row.kind !== 'hash') return 'wrong-type-row';
  const att = row.fields.find(([f]) => f === 'attempts')?.[1];
  if (att === undefined) return 'no-attempts';
  if (att !== token) return 'stale';
  if (s.active !== 'zset') return 'wrong-type-active';
  if (!inActive) return job.pending ? 'reaped' : 'not-active';
  return row.fields.some(([f]) => f === 'group') ? 'lane' : 'live';
}

/**
 * The fate of every pair the script reaches, in ARGV order, from the scenario
 * alone: the walk stops after the first pair whose row or active key has the
 * wrong type, because the script aborts there. A lease that fails in the
 * arithmetic is not modelled here; the counts describe the keyspace side.
 */
export function reachedFates(s: Scenario): PairFate[] {
  const byId = new Map(s.jobs.map((j) => [j.id, j]));
  const out: PairFate[] = [];
  for (const [id, token] of s.pairs) {
    const fate = fateOf(s, byId, id, token);
    out.push(fate);
    if (ABORTS.has(fate)) break;
  }
  return out;
}
