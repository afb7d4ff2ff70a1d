/** Predict mode's words: the feedback on one pick, and the tally. */
import type { MemberInfo, RunIndex } from '../runs/run-index.ts';
import type { Prediction } from './stepperMachine.ts';

export interface Feedback {
  member: number;
  right: boolean;
  text: string;
}

/** Names the check that decided `info`, with the values it compared. */
export function decidingCheck(info: MemberInfo): string {
  const tokenCheck = info.checks.find((c) => c.check === 'token');
  switch (info.decidedBy) {
    case 'row':
      return 'the row check decided: HGET attempts answered nil, there is no row';
    case 'token':
      return `the token check decided: attempts "${tokenCheck?.att ?? '?'}" is not token "${info.token}" (a stale token)`;
    case 'membership':
      return 'the membership check decided: ZSCORE answered nil, the id is no longer in active';
    default:
      return 'all three checks passed: a row, a matching token, and a member of active';
  }
}

/** The feedback for the last pick whose verdict the run has revealed by step k. */
export function latestFeedback(
  ix: RunIndex,
  k: number,
  picks: Readonly<Record<number, Prediction>>,
): Feedback | null {
  let best: MemberInfo | null = null;
  for (const key of Object.keys(picks)) {
    const info = ix.members[Number(key)];
    if (!info || info.verdictStep < 0 || info.verdictStep >= k) continue;
    if (!best || info.verdictStep > best.verdictStep) best = info;
  }
  if (!best) return null;
  const pick = picks[best.member]!;
  const right = matches(pick, best);
  const said = pick === 'rescored' ? 're-scored' : 'failed';
  // a native read-pass "live" whose write was refused was never re-scored: say what happened
  const was =
    best.outcome === 'rescored'
      ? 're-scored'
      : best.outcome === 'unwritten'
        ? 'live in the read pass, but the command wrote nothing'
        : 'failed';
  return {
    member: best.member,
    right,
    text: `${right ? 'Right' : 'Not this time'}: you said ${said}, and ${best.id} was ${was}. ${decidingCheck(best)[0]!.toUpperCase()}${decidingCheck(best).slice(1)}.`,
  };
}

/** How many picks matched their member's verdict, out of the picks made. */
export function tally(ix: RunIndex, picks: Readonly<Record<number, Prediction>>) {
  let right = 0;
  let total = 0;
  for (const [key, pick] of Object.entries(picks)) {
    const info = ix.members[Number(key)];
    if (!info) continue;
    total++;
    if (matches(pick, info)) right++;
  }
  const predictable = ix.members.filter(
    (m) => m && (m.outcome === 'rescored' || m.outcome === 'unwritten' || m.outcome === 'failed'),
  ).length;
  return { right, total, predictable };
}

/** A pick predicts the checks: "re-scored" is right for a lease the checks found live. */
function matches(pick: Prediction, info: MemberInfo): boolean {
  return pick === 'failed'
    ? info.outcome === 'failed'
    : info.outcome === 'rescored' || info.outcome === 'unwritten';
}
