import { memo, useMemo } from 'react';
import type { Actor } from 'xstate';
import {
  type MemberInfo,
  type MemberState,
  type StepperMachine,
  selectCurrentMember,
  type RunIndex,
  selectMemberState,
  selectMemberTallies,
  windowAround,
  verdictWords,
  verdictWordsOfRun,
  type Check,
} from '../../stepper/index.ts';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import { JobId } from './JobId.tsx';
import s from './stepper.module.css';
import { TableWrap } from './TableWrap.tsx';
import { useAtStep } from './use-at-step.ts';

export interface MembersTableProps {
  actor: Actor<StepperMachine>;
  ix: RunIndex;
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

/**
 * Per member: the three checks lit in order, and the verdict once it is in. Each part follows the
 * machine's step itself (`useAtStep`): the table renders when the current member changes (the
 * window moves, a row is marked), a row when one of its checks or its verdict comes in, the
 * summary when its tallies move; a step that changes none of them renders none of it.
 */
export const MembersTable = memo(function MembersTable({ actor, ix }: MembersTableProps) {
  const total = ix.members.length;
  const current = useAtStep(actor, ix, (k) => selectCurrentMember(ix, k));
  const [from, to] = windowAround(total, current ?? 0, WINDOW);
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
            {ix.members.slice(from, to).map((info, place) =>
              // keyed by its place in the window, so when the window moves each row's element
              // stays where it stands and shows the member now at its place (`windowAround`)
              info ? (
                <MemberRow
                  key={place}
                  actor={actor}
                  ix={ix}
                  info={info}
                  room={rooms[info.member]?.[0]}
                  roomToo={rooms[info.member]?.[1]}
                  current={info.member === current}
                />
              ) : null,
            )}
          </tbody>
        </table>
      </TableWrap>
      {total > WINDOW ? <MembersShown actor={actor} ix={ix} from={from} to={to} /> : null}
    </section>
  );
});

/** Which members a windowed table shows of how many, and the tallies so far. */
const MembersShown = memo(function MembersShown({
  actor,
  ix,
  from,
  to,
}: MembersTableProps & { from: number; to: number }) {
  const { rescored, failed } = useAtStep(
    actor,
    ix,
    (k) => selectMemberTallies(ix, k),
    (a, b) => a.rescored === b.rescored && a.failed === b.failed,
  );
  return (
    <p className={s.summary}>
      {fill(T.shown, { from: from + 1, to, total: ix.members.length, rescored, failed })}
    </p>
  );
});

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
  actor: Actor<StepperMachine>;
  ix: RunIndex;
  info: MemberInfo;
  /** the longest verdict the member's cell says in the run, and the next (`verdictWordsOfRun`) */
  room: string | undefined;
  roomToo: string | undefined;
  current: boolean;
}

/** A row shows the same while these are: how many checks ran, the verdict and how it was had. */
const sameRow = (a: MemberState, b: MemberState) =>
  a.checks.length === b.checks.length &&
  a.verdict === b.verdict &&
  a.rescore === b.rescore &&
  a.refused === b.refused;

const MemberRow = memo(function MemberRow({
  actor,
  ix,
  info,
  room,
  roomToo,
  current,
}: MemberRowProps) {
  // how many of the member's checks have run (they run in order); what a re-scored member's ZADD
  // did (`rescoreKind`: anything but extending is shown as bad); whether the native command
  // refused (nothing was written for any member)
  const { checks, verdict, rescore, refused } = useAtStep(
    actor,
    ix,
    (k) => selectMemberState(ix, k, info.member),
    sameRow,
  );
  const litCount = checks.length;
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
