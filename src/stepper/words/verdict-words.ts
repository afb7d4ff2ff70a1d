/**
 * A member's verdict cell in words (content/panels.ts), with a native refusal said on every
 * member once it has happened: the read pass's "live" is not a write.
 */
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import type { MemberState, Verdict } from '../views/selectors.ts';

const V = panelWords.verdicts;

/** What a native refusal means for every member of the batch. */
export const NOTHING_WRITTEN = V.nothingWritten;

/** The words of a verdict cell; `reason` names the check a failed member fell at. */
export function verdictWords(
  st: Pick<MemberState, 'verdict' | 'refused'>,
  reason?: string,
): string {
  const base: Record<Verdict, string> = {
    rescored: V.rescored,
    live: V.live,
    failed: reason ? fill(V.failedBecause, { reason }) : V.failed,
    error: V.error,
    pending: st.refused ? V.notReached : V.pending,
  };
  const verdict = base[st.verdict];
  return st.refused ? fill(V.refused, { verdict, nothingWritten: NOTHING_WRITTEN }) : verdict;
}
