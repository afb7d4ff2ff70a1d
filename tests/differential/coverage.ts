import { EXTRA_LEASES, ODD_IDS, ODD_LEASES, ODD_TOKENS } from './arbitraries.ts';
import { reachedFates, type PairFate } from './classify.ts';
import type { Scenario } from './scenario.ts';

/** Counters over a scenario stream: how often each corner the issue names is hit. */
export type Coverage = Map<string, number>;

function bump(c: Coverage, key: string, by = 1): void {
  c.set(key, (c.get(key) ?? 0) + by);
}

/** Lease strings that are not plain positive integers. */
const ODD_LEASE_SET: ReadonlySet<string> = new Set([...ODD_LEASES, ...EXTRA_LEASES]);

/**
 * Counts, over every scenario, the fates of the pairs the script reaches (per
 * script), the id corners (unknown, duplicated, trailing, odd), the odd tokens
 * that reach the token check, the odd leases that reach the arithmetic of a
 * live member, the active key's type, and the batch sizes.
 */
export function measure(stream: Scenario[]): Coverage {
  const c: Coverage = new Map();
  for (const s of stream) {
    bump(c, `script:${s.script}`);
    const fates = reachedFates(s);
    for (const fate of new Set<PairFate>(fates)) bump(c, `${s.script} fate:${fate}`);
    const reached = s.pairs.slice(0, fates.length);
    const jobIds = new Set(s.jobs.map((j) => j.id));
    if (s.pairs.some(([id]) => !jobIds.has(id))) bump(c, 'ids:unknown');
    if (s.pairs.some(([id]) => ODD_IDS.includes(id))) bump(c, 'ids:odd');
    if (new Set(s.pairs.map(([id]) => id)).size < s.pairs.length) bump(c, 'ids:duplicated');
    if (s.trailing !== null) bump(c, 'ids:trailing');
    for (const t of new Set(reached.map(([, token]) => token))) {
      if ((ODD_TOKENS as readonly string[]).includes(t)) bump(c, `token:${JSON.stringify(t)}`);
    }
    const rescores = fates.some((f) => f === 'live' || f === 'lane');
    const rescored = reached
      .filter((_, i) => fates[i] === 'live' || fates[i] === 'lane')
      .map(([id]) => id);
    if (rescored.some((id) => id.includes('😀')) && rescored.some((id) => id.includes('ｱ'))) {
      bump(c, 'one score, members in byte order');
    }
    if (rescores) bump(c, 'rescores');
    if (ODD_LEASE_SET.has(s.lease) && rescores) bump(c, `lease:${JSON.stringify(s.lease)}`);
    if (s.active !== 'zset' && fates.includes('wrong-type-active')) bump(c, `active:${s.active}`);
    if (s.active === 'zset' && !s.jobs.some((j) => j.activeScore !== null))
      bump(c, 'active:missing');
    const aborts = fates.at(-1) === 'wrong-type-row' || fates.at(-1) === 'wrong-type-active';
    if (aborts && rescores) bump(c, 'abort after a re-score');
    if (s.script === 'batch' && s.pairs.length === 0) bump(c, 'batch:empty');
    if (s.pairs.length >= 200) bump(c, 'batch:several hundred pairs');
    for (const job of s.jobs) {
      if (job.row.kind !== 'none' && job.row.kind !== 'hash') bump(c, `row type:${job.row.kind}`);
    }
  }
  return c;
}
