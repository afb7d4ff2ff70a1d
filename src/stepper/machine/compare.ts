/** The compare view's data: the two executors' final states on one scenario, side by side. */
import type { Scenario } from '../../scenario/index.ts';
import { formatRedisCli } from '../words/format.ts';
import { keyspaceAt, type RunIndex } from '../runs/run-index.ts';
import { selectJobRows, selectReply } from '../views/selectors.ts';
import type { UnavailableRun } from '../runs/trace-source.ts';

export interface CompareRow {
  label: string;
  script: string;
  native: string;
  differs: boolean;
}

const outcome = (ix: RunIndex | UnavailableRun, f: (ix: RunIndex) => string) =>
  'n' in ix ? f(ix) : '—';

/** The rows of the compare view: the reply, then each held id's score, lease_epoch and place. */
export function compareFinal(
  script: RunIndex | UnavailableRun,
  native: RunIndex | UnavailableRun,
  scenario: Scenario,
  limit = 40,
): CompareRow[] {
  const rows: CompareRow[] = [];
  const add = (label: string, f: (ix: RunIndex) => string) => {
    const a = outcome(script, f);
    const b = outcome(native, f);
    rows.push({ label, script: a, native: b, differs: 'n' in script && 'n' in native && a !== b });
  };
  add('reply', (ix) => formatRedisCli(selectReply(ix, ix.n)));
  const ids = [...new Set(scenario.held.map((p) => p.id))].slice(0, limit);
  for (const id of ids) {
    add(`${id} · active score`, (ix) => {
      const v = keyspaceAt(ix, ix.n).active.get(id);
      return v === undefined ? 'not in active' : String(v);
    });
    add(`${id} · lease_epoch`, (ix) => {
      const row = selectJobRows(ix, ix.n, scenario).find((r) => r.id === id);
      return row?.leaseEpoch ?? '—';
    });
  }
  return rows;
}
