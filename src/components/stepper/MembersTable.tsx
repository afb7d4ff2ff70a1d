import { memo, useMemo } from 'react';
import {
  type MemberInfo,
  type RescoreKind,
  type RunIndex,
  selectMemberState,
  selectMemberTallies,
  windowAround,
  type Verdict,
  verdictWords,
  verdictWordsOfRun,
  type Check,
} from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import { JobId } from './JobId.tsx';
import s from './stepper.module.css';
import { TableWrap } from './TableWrap.tsx';

export interface MembersTableProps {
  ix: RunIndex;
  k: number;
  current: number | null;
}

const T = panelWords.members;
const CHECKS: Check[] = ['row', 'token', 'membership'];
// the token column shows the pair's token; its check, under "attempts", is the row's attempts
// compared with that token, so no two columns share a header
const CHECK_LABEL: Record<Check, string> = T.checkNames;
const CHECK_HEAD: Record<Check, string> = T.checkHeads;
const CHECK_HEAD_SHORT: Record<Check, string> = T.checkHeadsShort;
const WINDOW = 7;

/** How many digits the run's largest member number has (four at the most: `.memberNo`). */
const digitsOf = (total: number) => Math.min(4, String(Math.max(1, total)).length);

/** Per member: the three checks lit in order, and the verdict once it is in. */
export function MembersTable({ ix, k, current }: MembersTableProps) {
  const total = ix.members.length;
  const [from, to] = windowAround(total, current ?? 0, WINDOW);
  const { rescored, failed } = selectMemberTallies(ix, k);
  // the two longest verdicts each member's cell says in the run, which size its cell from the
  // first step (made once a run)
  const rooms = useMemo(() => ix.members.map((_, m) => verdictWordsOfRun(ix, m)), [ix]);
  return (
    <section className={s.panel} aria-label={T.region}>
      <h3>{T.heading}</h3>
      <TableWrap label={T.table}>
        {/* the number column is as wide as the run's largest number (`.memberNo`); a windowed
            table's rows show other members as the window moves (a phone keeps them one height) */}
        <table
          className={`${s.table} ${s.membersTable}`}
          data-digits={digitsOf(total)}
          data-windowed={total > WINDOW ? '' : undefined}
        >
          <MembersHead />
          <tbody>
            {ix.members.slice(from, to).map((info, place) => {
              if (!info) return null;
              const st = selectMemberState(ix, k, info.member);
              // a row renders again only when one of its checks or its verdict comes in (or
              // the window moved another member into its place); keyed by its place in the
              // window, so when the window moves each row's element stays where it stands and
              // shows the member now at its place (`windowAround` in the selectors)
              return (
                <MemberRow
                  key={place}
                  info={info}
                  lit={st.checks.length}
                  verdict={st.verdict}
                  rescore={st.rescore}
                  refused={st.refused}
                  room={rooms[info.member]?.[0]}
                  roomToo={rooms[info.member]?.[1]}
                  current={info.member === current}
                />
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      {total > WINDOW ? (
        <p className={s.summary}>
          {fill(T.shown, { from: from + 1, to, total, rescored, failed })}
        </p>
      ) : null}
    </section>
  );
}

const MembersHead = memo(function MembersHead() {
  return (
    <thead>
      <tr>
        <th scope="col">{T.columns.number}</th>
        <th scope="col">{T.columns.id}</th>
        <th scope="col">{T.columns.token}</th>
        {CHECKS.map((c) => (
          <th key={c} scope="col" title={CHECK_LABEL[c]}>
            {/* a phone shows the short header; the whole one is what is read out */}
            <span className={s.headWhole}>{CHECK_HEAD[c]}</span>
            <span className={s.headShort} aria-hidden="true">
              {CHECK_HEAD_SHORT[c]}
            </span>
          </th>
        ))}
        <th scope="col" className={s.verdictHead}>
          {T.columns.verdict}
        </th>
      </tr>
    </thead>
  );
});

interface MemberRowProps {
  info: MemberInfo;
  /** how many of the member's checks have run (they run in order) */
  lit: number;
  verdict: Verdict;
  /** what a re-scored member's ZADD did (`rescoreKind`): anything but extending is shown as bad */
  rescore: RescoreKind | null;
  /** the native command refused: nothing was written for any member */
  refused: boolean;
  /** the longest verdict the member's cell says in the run, and the next (`verdictWordsOfRun`) */
  room: string | undefined;
  roomToo: string | undefined;
  current: boolean;
}

const MemberRow = memo(function MemberRow({
  info,
  lit: litCount,
  verdict,
  rescore,
  refused,
  room,
  roomToo,
  current,
}: MemberRowProps) {
  const ran = info.checks.slice(0, litCount);
  const tone =
    verdict === 'rescored'
      ? rescore === 'extends'
        ? s.ok
        : s.bad
      : verdict === 'pending' || verdict === 'live'
        ? s.muted
        : s.bad;
  return (
    <tr
      className={current ? s.focusRow : undefined}
      data-member={info.member}
      aria-current={current ? 'true' : undefined}
    >
      <td>
        {/* a box as wide as the run's largest number: see `.memberNo` */}
        <span className={s.memberNo}>{info.member + 1}</span>
      </td>
      <td className={s.mono}>
        <JobId id={info.id} />
      </td>
      <td className={s.mono}>{info.token ?? '—'}</td>
      {CHECKS.map((c) => {
        const lit = ran.find((x) => x.check === c);
        const outcome = T.checkOutcomes[lit ? (lit.passed ? 'passed' : 'failed') : 'notRun'];
        const label = fill(T.checkCell, { check: CHECK_LABEL[c], outcome });
        // a badge is made anew when its check comes in (keyed by its outcome): its glyph is
        // centred, and a wider glyph written into the old badge moved its text by a fraction
        // of a pixel, a layout shift at every check
        return (
          <td key={c}>
            <span
              key={outcome}
              className={`${s.check} ${lit ? (lit.passed ? s.pass : s.fail) : ''}`}
              aria-label={label}
              title={label}
            >
              {lit ? (lit.passed ? '✓' : '✗') : '·'}
            </span>
          </td>
        );
      })}
      <td
        className={`${s.verdict} ${tone}`}
        data-verdict={verdict}
        data-rescore={rescore ?? undefined}
        data-refused={refused ? '' : undefined}
      >
        {/* as wide and as tall as the longest words the cell says in the run, drawn unseen
            beside the words it says now, so a verdict coming in moves nothing */}
        <span className={s.verdictWords} data-room={room} data-room-too={roomToo}>
          <span>{verdictWords({ verdict, rescore, refused })}</span>
        </span>
      </td>
    </tr>
  );
});
