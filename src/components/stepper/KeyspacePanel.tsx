import { memo } from 'react';
import {
  type KeyspaceView,
  type RunIndex,
  activeLayoutOf,
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
import { IsolatedText } from '../isolated-text.tsx';
import s from './stepper.module.css';
import { TableWrap } from './TableWrap.tsx';

export interface KeyspacePanelProps {
  ix: RunIndex;
  scenario: Scenario;
  /** the step shown */
  k: number;
}

const T = panelWords;
const WINDOW = 6;
const FAILED_SHOWN = 12;

const score = (v: number | null) => (v === null ? '—' : String(v));

/**
 * The id of the member the run stands on after k steps (the first before the loop, none once it
 * has ended), which long lists are centred on.
 */
export function focusAt(ix: RunIndex, k: number): string | null {
  const focus = selectCurrentMember(ix, k) ?? (k >= ix.n ? null : 0);
  return focus !== null ? (ix.members[focus]?.id ?? null) : null;
}

/**
 * The active set (before → after), the pending list and the failed list: what the members'
 * checks and writes move, shown beside the members. Renders again only when the keyspace after a step
 * (keyspaceAt, the same object while no step changed it) or the member moved.
 */
export const ActivePanel = memo(function ActivePanel({
  ix,
  k,
}: Omit<KeyspacePanelProps, 'scenario'>) {
  return (
    <ActiveParts
      ix={ix}
      view={keyspaceAt(ix, k)}
      focusId={focusAt(ix, k)}
      failed={selectFailed(ix, k)}
    />
  );
});

export interface ActivePartsProps {
  ix: RunIndex;
  /** the keyspace after the step (`keyspaceAt`) */
  view: KeyspaceView;
  /** the member the lists are centred on (`focusAt`) */
  focusId: string | null;
  /** the members that failed so far (`selectFailed`) */
  failed: readonly string[];
}

/** The active set with pending, and the failed list, from what the step's selectors read. */
export function ActiveParts({ ix, view, focusId, failed }: ActivePartsProps) {
  return (
    <>
      <ActiveSet ix={ix} view={view} focusId={focusId} />
      <FailedList failed={failed} />
    </>
  );
}

/** The job rows: the keyspace tab of a member run. */
export const KeyspaceDetail = memo(function KeyspaceDetail({
  ix,
  scenario,
  k,
}: KeyspacePanelProps) {
  return <JobRows view={keyspaceAt(ix, k)} scenario={scenario} focusId={focusAt(ix, k)} />;
});

/** All of the keyspace at step k: the keyspace tab of a run without the lesson's shape. */
export const KeyspacePanel = memo(function KeyspacePanel({ ix, scenario, k }: KeyspacePanelProps) {
  return (
    <>
      <ActivePanel ix={ix} k={k} />
      <KeyspaceDetail ix={ix} scenario={scenario} k={k} />
    </>
  );
});

interface ViewProps {
  ix: RunIndex;
  view: KeyspaceView;
  focusId: string | null;
}

/**
 * The active set, before → after, in a table that holds from the first step the room of the
 * largest set the run lists (activeLayoutOf): rows not filled yet are kept as empty rows, the
 * "of N shown" and "active is empty" lines keep their place while they say nothing, and in a run
 * where a member is ever also in pending every member's cell keeps that mark's room (on the id's
 * line where the stage is wide, in a column wide enough for it). So a step that adds a member or breaks the invariant changes what the rows say, never where the
 * pending list under them stands.
 */
const ActiveSet = memo(function ActiveSet({ ix, view, focusId }: ViewProps) {
  // only the rows in the window are made (the set can hold a thousand members), memoised by
  // view and focus: the same rows until a step changes the keyspace or the member
  const { rows, from: aFrom, total } = activeWindowAt(ix, view, focusId, WINDOW);
  const aTo = aFrom + rows.length;
  const broken = new Set(selectInvariantBreaks(view));
  const layout = activeLayoutOf(ix);
  const kept = Math.max(0, Math.min(layout.most, WINDOW) - rows.length);
  // in a run that ever breaks, every member's cell keeps the mark's room on its one line, so no
  // step changes a row's height or the columns' widths. A phone's column is too narrow for the
  // words on the id's line (they took two more lines in every row): it shows a star there, the
  // words kept for a screen reader, and the star's key under the table
  const mark = (shown: boolean) =>
    shown || layout.breaks ? (
      <strong className={shown ? s.bad : s.kept}>
        <span className={s.markStar} aria-hidden="true">
          {T.active.alsoPendingStar}
        </span>
        <span className={s.markWords}>{T.active.alsoPending}</span>
      </strong>
    ) : null;
  return (
    <section className={s.panel} aria-label={T.active.region}>
      <h3>{T.active.heading}</h3>
      <TableWrap label={T.active.table}>
        <table className={`${s.table} ${s.activeTable} ${layout.breaks ? s.marks : ''}`}>
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
                  key={n /* by place: see MembersTable */}
                  className={r.id === focusId ? s.focusRow : undefined}
                  data-active={r.id}
                >
                  <td className={s.mono}>
                    <JobId id={r.id} />
                    {mark(broken.has(r.id))}
                  </td>
                  {/* each score in a box as wide as the column's widest: see `.score` */}
                  <td className={`${s.mono} ${s.nowrap}`}>
                    <span className={`${s.score} ${s.scoreBefore}`}>{score(r.before)}</span>
                  </td>
                  <td className={`${s.mono} ${s.nowrap} ${moved ? s.changed : ''}`}>
                    {/* one text node: the arrow comes and goes on a scrub without a node */}
                    <span className={s.score}>{`${moved ? '→ ' : ''}${score(r.after)}`}</span>
                  </td>
                </tr>
              );
            })}
            {Array.from({ length: kept }, (_, n) => (
              // the room of a member a later step lists: as tall as its row (an id as long as the
              // last one shown, where a narrow column wraps the mark), and hidden
              <tr key={`kept-${n}`} className={s.kept} aria-hidden="true">
                <td className={s.mono}>
                  <JobId id={rows.at(-1)?.id ?? '\u00a0'} />
                  {mark(false)}
                </td>
                <td className={s.mono}>
                  <span className={`${s.score} ${s.scoreBefore}`}>{'\u00a0'}</span>
                </td>
                <td className={s.mono}>
                  <span className={s.score}>{'\u00a0'}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {layout.breaks ? (
        // the star's key: seen where the star shows (a phone), its room kept until a mark shows
        <p
          className={rows.some((r) => broken.has(r.id)) ? s.markKey : `${s.markKey} ${s.kept}`}
          aria-hidden="true"
          data-testid="also-pending-key"
        >
          {T.active.alsoPendingKey}
        </p>
      ) : null}
      {layout.most > WINDOW ? (
        <p className={total > WINDOW ? s.summary : `${s.summary} ${s.kept}`}>
          {fill(T.active.shown, { shown: aTo - aFrom, total })}
        </p>
      ) : null}
      {layout.fewest === 0 ? (
        <p className={total === 0 ? s.summary : `${s.summary} ${s.kept}`}>{T.active.empty}</p>
      ) : null}
      <PendingLine pending={view.pending} />
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
  // only the window is built: a thousand rows would cost a frame
  const rows = jobRowsAt(view, scenario, ids.slice(rFrom, rTo));
  return (
    <section className={s.panel} aria-label={T.rows.region}>
      <h3>{T.rows.heading}</h3>
      <TableWrap label={T.rows.table}>
        {/* columns of fixed widths: a scrub writes other values into the rows (a lease_epoch, a
            member moved to pending), and a column sized by its values moved every column after it */}
        <table className={`${s.table} ${s.jobRows}`}>
          <colgroup>
            <col className={s.colRow} />
            <col className={s.colAttempts} />
            <col className={s.colGroup} />
            <col className={s.colEpoch} />
            <col />
          </colgroup>
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
                key={n /* by place: see MembersTable */}
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
    </section>
  );
});

const PENDING_SHOWN = 8;

/** The pending list, its first ids and how many more. */
function PendingLine({ pending }: { pending: readonly string[] }) {
  const shown = pending.slice(0, PENDING_SHOWN);
  return (
    <p className={`${s.mono} ${s.afterGap}`} data-testid="pending-list">
      pending: [{shown.join(', ')}
      {pending.length > shown.length
        ? fill(T.rows.more, { count: pending.length - shown.length })
        : ''}
      ]
    </p>
  );
}

const earlier = (count: number) => fill(T.failed.earlier, { count });

const FailedList = memo(function FailedList({ failed }: { failed: readonly string[] }) {
  return (
    <section className={s.panel} aria-label={T.failed.region}>
      <h3>{fill(T.failed.heading, { count: failed.length })}</h3>
      <p className={`${s.mono} ${s.flush}`} data-testid="failed-list">
        <IsolatedText text={formatList(failed, FAILED_SHOWN, earlier)} />
      </p>
    </section>
  );
});
