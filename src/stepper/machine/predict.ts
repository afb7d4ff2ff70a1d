/** Predict mode's words: the feedback on one pick (its sentences in content/stepper.ts), and the tally. */
import { stepperWords } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import type { MemberInfo, RunIndex } from '../runs/run-index.ts';
import type { Prediction } from './stepperMachine.ts';

export interface Feedback {
  member: number;
  right: boolean;
  text: string;
}

const P = stepperWords.predict;

/** Names the check that decided `info`, with the values it compared. */
export function decidingCheck(info: MemberInfo): string {
  const tokenCheck = info.checks.find((c) => c.check === 'token');
  switch (info.decidedBy) {
    case 'row':
      return P.decided.row;
    case 'token':
      return fill(P.decided.token, { att: tokenCheck?.att ?? '?', token: String(info.token) });
    case 'membership':
      return P.decided.membership;
    default:
      return P.decided.passed;
  }
}

/**
 * The feedback for the last pick whose verdict the run has revealed by step k; none while the
 * next member's pick is asked for (`awaiting`), so the question stands alone, never beside the
 * last member's answer.
 */
export function latestFeedback(
  ix: RunIndex,
  k: number,
  picks: Readonly<Record<number, Prediction>>,
  awaiting: number | null = null,
): Feedback | null {
  if (awaiting !== null) return null;
  let best: MemberInfo | null = null;
  for (const key of Object.keys(picks)) {
    const info = ix.members[Number(key)];
    if (!info || info.verdictStep < 0 || info.verdictStep >= k) continue;
    if (!best || info.verdictStep > best.verdictStep) best = info;
  }
  if (!best) return null;
  const pick = picks[best.member]!;
  const right = isRightPick(pick, best);
  // a native read-pass "live" whose write was refused was never re-scored: say what happened
  const was =
    best.outcome === 'rescored'
      ? P.was.rescored
      : best.outcome === 'unwritten'
        ? P.was.unwritten
        : P.was.failed;
  const decided = decidingCheck(best);
  return {
    member: best.member,
    right,
    text: fill(P.feedback, {
      verdict: right ? P.right : P.wrong,
      said: P.said[pick],
      id: best.id,
      was,
      decided: `${decided[0]!.toUpperCase()}${decided.slice(1)}`,
    }),
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
    if (isRightPick(pick, info)) right++;
  }
  const predictable = ix.members.filter(
    (m) => m && (m.outcome === 'rescored' || m.outcome === 'unwritten' || m.outcome === 'failed'),
  ).length;
  return { right, total, predictable };
}

/** A pick predicts the checks: "re-scored" is right for a lease the checks found live. */
export function isRightPick(pick: Prediction, info: MemberInfo): boolean {
  return pick === 'failed'
    ? info.outcome === 'failed'
    : info.outcome === 'rescored' || info.outcome === 'unwritten';
}
