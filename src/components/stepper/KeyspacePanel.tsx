import { memo } from 'react';
import {
  type KeyspaceView,
  type RunIndex,
  activeWindowAt,
  keyspaceAt,
  selectCurrentMember,
  selectFailed,
  jobRowsAt,
  rowIds,
  selectInvariantBreaks,
  windowAround,
  formatList,
} from '../../stepper/index.ts';
import type { Scenario } from '../../scenario/index.ts';
import { JobId } from './JobId.tsx';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import s from './stepper.module.css';
import { TableWrap } from './TableWrap.tsx';
import { useWindowKeys } from './window-key.ts';

/**
 * The parts of the keyspace panel, by the `data-panel-part` name each carries. The panel is
 * tall (the active set and the job rows are six rows each), and often only one part of it shows
 * below the pinned deck: each part waits on its own while the stepper moves (RunPanels).
 */
export const KEYSPACE_PARTS = ['active', 'rows', 'failed'] as const;
export type KeyspacePart = (typeof KEYSPACE_PARTS)[number];

// the attribute that names a part, typed so a part's name is one of KEYSPACE_PARTS
const part = (name: KeyspacePart) => ({ 'data-panel-part': name });

export interface KeyspacePanelProps {
  ix: RunIndex;
  scenario: Scenario;
  /** the step the active set shows */
  active: number;
  /** the step the job rows and pending show */
  rows: number;
  /** the step the failed list shows */
  failed: number;
}

const T = panelWords;
const WINDOW = 6;
const FAILED_SHOWN = 12;

const score = (v: number | null) => (v === null ? '—' : String(v));

// the id of the member the run stands on after k steps (the first before the loop, none once it
// has ended), which long lists are centred on
function focusAt(ix: RunIndex, k: number): string | null {
  const focus = selectCurrentMember(ix, k) ?? (k >= ix.n ? null : 0);
  return focus !== null ? (ix.members[focus]?.id ?? null) : null;
}

/**
 * The active set (before → after), the job rows, pending and the failed list, each part at its
 * own step. Each part renders again only when its own input moved: the keyspace after a step
 * (keyspaceAt) is the same object while no step changed it, as is the failed list
 * (selectFailed) while it holds as many ids, and most steps change neither.
 */
export const KeyspacePanel = memo(function KeyspacePanel({
  ix,
  scenario,
  active,
  rows,
  failed,
}: KeyspacePanelProps) {
  return (
    <>
      <ActiveSet ix={ix} view={keyspaceAt(ix, active)} focusId={focusAt(ix, active)} />
      <JobRows view={keyspaceAt(ix, rows)} scenario={scenario} focusId={focusAt(ix, rows)} />
      <FailedList failed={selectFailed(ix, failed)} />
    </>
  );
});

interface ViewProps {
  ix: RunIndex;
  view: KeyspaceView;
  focusId: string | null;
}

const ActiveSet = memo(function ActiveSet({ ix, view, focusId }: ViewProps) {
  // only the rows in the window are made (the set can hold a thousand members), memoised by
  // view and focus: the same rows until a step changes the keyspace or the member
  const { rows, from: aFrom, total } = activeWindowAt(ix, view, focusId, WINDOW);
  const aTo = aFrom + rows.length;
  const broken = new Set(selectInvariantBreaks(view));
  const keyOf = useWindowKeys(aFrom, WINDOW);
  return (
    <section className={s.panel} aria-label={T.active.region} {...part('active')}>
      <h3>{T.active.heading}</h3>
      <TableWrap label={T.active.table}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{T.active.columns.member}</th>
              <th scope="col">{T.active.columns.before}</th>
              <th scope="col">{T.active.columns.after}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, n) => {
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
                      <strong className={s.bad}>{T.active.alsoPending}</strong>
                    ) : null}
                  </td>
                  <td className={s.mono}>{score(r.before)}</td>
                  <td className={`${s.mono} ${moved ? s.changed : ''}`}>
                    {/* one text node: the arrow comes and goes on a scrub without a node */}
                    {`${moved ? '→ ' : ''}${score(r.after)}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {total > WINDOW ? (
        <p className={s.summary}>{fill(T.active.shown, { shown: aTo - aFrom, total })}</p>
      ) : null}
      {total === 0 ? <p className={s.summary}>{T.active.empty}</p> : null}
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
    <section className={s.panel} aria-label={T.rows.region} {...part('rows')}>
      <h3>{T.rows.heading}</h3>
      <TableWrap label={T.rows.table}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">{T.rows.columns.row}</th>
              <th scope="col">{T.rows.columns.attempts}</th>
              <th scope="col">{T.rows.columns.group}</th>
              <th scope="col">{T.rows.columns.leaseEpoch}</th>
              <th scope="col">{T.rows.columns.where}</th>
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
                    {r.kind === 'wrongtype' ? T.rows.wrongType : T.rows.noRow}
                  </td>
                )}
                <td className={r.inActive && r.inPending ? s.bad : undefined}>
                  {[r.inActive ? 'active' : null, r.inPending ? 'pending' : null]
                    .filter(Boolean)
                    .join(' + ') || T.rows.neither}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {ids.length > WINDOW ? (
        <p className={s.summary}>{fill(T.rows.shown, { shown: rTo - rFrom, total: ids.length })}</p>
      ) : null}
      <p className={`${s.mono} ${s.afterGap}`}>
        pending: [{pendingShown.join(', ')}
        {view.pending.length > pendingShown.length
          ? fill(T.rows.more, { count: view.pending.length - pendingShown.length })
          : ''}
        ]
      </p>
    </section>
  );
});

const earlier = (count: number) => fill(T.failed.earlier, { count });

const FailedList = memo(function FailedList({ failed }: { failed: readonly string[] }) {
  return (
    <section className={s.panel} aria-label={T.failed.region} {...part('failed')}>
      <h3>{fill(T.failed.heading, { count: failed.length })}</h3>
      <p className={`${s.mono} ${s.flush}`} data-testid="failed-list">
        {formatList(failed, FAILED_SHOWN, earlier)}
      </p>
    </section>
  );
});
