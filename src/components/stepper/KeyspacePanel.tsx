import { memo } from 'react';
import type { KeyspaceView } from '../../stepper/runs/keyspace-view.ts';
import type { RunIndex } from '../../stepper/runs/run-index.ts';
import {
  activeRowsAt,
  jobRowsAt,
  rowIds,
  selectInvariantBreaks,
  windowAround,
} from '../../stepper/views/selectors.ts';
import { formatList } from '../../stepper/words/format.ts';
import type { Scenario } from '../../scenario/types.ts';
import { JobId } from './JobId.tsx';
import s from './stepper.module.css';
import { TableWrap } from './TableWrap.tsx';
import { useWindowKeys } from './window-key.ts';

export interface KeyspacePanelProps {
  ix: RunIndex;
  /** the keyspace after k steps (keyspaceAt): the same object while no step changed it */
  view: KeyspaceView;
  /** how many ids the failed list holds after k steps */
  failedCount: number;
  scenario: Scenario;
  /** the id of the member the run stands on, to centre long lists */
  focusId: string | null;
}

const WINDOW = 6;
const FAILED_SHOWN = 12;

const score = (v: number | null) => (v === null ? '—' : String(v));

/**
 * The active set (before → after), the job rows, pending and the failed list after k steps.
 * Each part renders again only when its own input moved: most steps change no key.
 */
export function KeyspacePanel({ ix, view, failedCount, scenario, focusId }: KeyspacePanelProps) {
  return (
    <>
      <ActiveSet ix={ix} view={view} focusId={focusId} />
      <JobRows view={view} scenario={scenario} focusId={focusId} />
      <FailedList ix={ix} count={failedCount} />
    </>
  );
}

interface ViewProps {
  ix: RunIndex;
  view: KeyspaceView;
  focusId: string | null;
}

const ActiveSet = memo(function ActiveSet({ ix, view, focusId }: ViewProps) {
  // memoised by view: the same rows until a step changes the keyspace
  const active = activeRowsAt(ix, view);
  const broken = new Set(selectInvariantBreaks(view));
  const activeFocus = Math.max(
    0,
    active.findIndex((r) => r.id === focusId),
  );
  const [aFrom, aTo] = windowAround(active.length, activeFocus, WINDOW);
  const keyOf = useWindowKeys(aFrom, WINDOW);
  return (
    <section className={s.panel} aria-label="The active set">
      <h3>active · score before → after</h3>
      <TableWrap label="Active set table">
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">member</th>
              <th scope="col">before</th>
              <th scope="col">after</th>
            </tr>
          </thead>
          <tbody>
            {active.slice(aFrom, aTo).map((r, n) => {
              const moved = r.before !== r.after;
              return (
                <tr
                  key={keyOf(aFrom + n)}
                  className={r.id === focusId ? s.focusRow : undefined}
                  data-active={r.id}
                >
                  <td className={s.mono}>
                    <JobId id={r.id} />
                    {broken.has(r.id) ? (
                      <strong className={s.bad}> · also in pending</strong>
                    ) : null}
                  </td>
                  <td className={s.mono}>{score(r.before)}</td>
                  <td className={`${s.mono} ${moved ? s.changed : ''}`}>
                    {moved ? '→ ' : ''}
                    {score(r.after)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {active.length > WINDOW ? (
        <p className={s.summary}>
          {aTo - aFrom} of {active.length} members shown
        </p>
      ) : null}
      {active.length === 0 ? <p className={s.summary}>active is empty</p> : null}
    </section>
  );
});

const JobRows = memo(function JobRows({
  view,
  scenario,
  focusId,
}: Omit<ViewProps, 'ix'> & { scenario: Scenario }) {
  const ids = rowIds(scenario);
  const rowFocus = Math.max(0, focusId === null ? 0 : ids.indexOf(focusId));
  const [rFrom, rTo] = windowAround(ids.length, rowFocus, WINDOW);
  const keyOf = useWindowKeys(rFrom, WINDOW);
  // only the window is built: a thousand rows would cost a frame
  const rows = jobRowsAt(view, scenario, ids.slice(rFrom, rTo));
  const pendingShown = view.pending.slice(0, 8);
  return (
    <section className={s.panel} aria-label="Job rows and pending">
      <h3>job rows · pending</h3>
      <TableWrap label="Job rows table">
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">row</th>
              <th scope="col">attempts</th>
              <th scope="col">group</th>
              <th scope="col">lease_epoch</th>
              <th scope="col">where</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, n) => (
              <tr
                key={keyOf(rFrom + n)}
                className={r.id === focusId ? s.focusRow : undefined}
                data-row={r.id}
              >
                <td className={`${s.mono} ${s.nowrap}`}>
                  job:
                  <JobId id={r.id} />
                </td>
                {r.kind === 'hash' ? (
                  <>
                    <td className={s.mono}>{r.attempts ?? '—'}</td>
                    <td className={s.mono}>{r.group ?? '—'}</td>
                    <td className={`${s.mono} ${r.leaseEpoch ? s.changed : ''}`}>
                      {r.leaseEpoch ?? '—'}
                    </td>
                  </>
                ) : (
                  <td colSpan={3} className={r.kind === 'wrongtype' ? s.bad : s.muted}>
                    {r.kind === 'wrongtype' ? 'a string, not a hash (WRONGTYPE)' : 'no row'}
                  </td>
                )}
                <td className={r.inActive && r.inPending ? s.bad : undefined}>
                  {[r.inActive ? 'active' : null, r.inPending ? 'pending' : null]
                    .filter(Boolean)
                    .join(' + ') || 'neither'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {ids.length > WINDOW ? (
        <p className={s.summary}>
          {rTo - rFrom} of {ids.length} rows shown
        </p>
      ) : null}
      <p className={`${s.mono} ${s.afterGap}`}>
        pending: [{pendingShown.join(', ')}
        {view.pending.length > pendingShown.length
          ? `, … ${view.pending.length - pendingShown.length} more`
          : ''}
        ]
      </p>
    </section>
  );
});

const FailedList = memo(function FailedList({ ix, count }: { ix: RunIndex; count: number }) {
  const failed = ix.failedIds.slice(0, count);
  return (
    <section className={s.panel} aria-label="The failed list">
      <h3>failed · {failed.length}</h3>
      <p className={`${s.mono} ${s.flush}`} data-testid="failed-list">
        {failed.length <= FAILED_SHOWN
          ? formatList(failed)
          : `[… ${failed.length - FAILED_SHOWN} earlier, ${failed
              .slice(-FAILED_SHOWN)
              .map((id) => JSON.stringify(id))
              .join(', ')}]`}
      </p>
    </section>
  );
});
